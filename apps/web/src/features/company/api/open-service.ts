import type { CompanyInfo } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { useProfileMutation } from './company-info';
import { companyKeys } from './query-keys';

/**
 * POST /feeManager/openFeeManager (the seed's name): open the organisation's payment service once the three
 * agreements are accepted; a refusal is toasted by the request layer.
 */
export const openService = () => apiPost<CompanyInfo>('/feeManager/openFeeManager', { agreed: true });

/** Opening completes a getting-started step: the checklist is fetched again. */
export const useOpenService = () => useProfileMutation(openService, companyKeys.initStatus());
