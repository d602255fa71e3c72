import { companyEndpoints } from '@mchweb/contract/company/endpoints';
import { call } from '@/lib/api-client';
import { useProfileMutation } from './company-info';
import { companyKeys } from './query-keys';

/**
 * POST /feeManager/openFeeManager (the seed's name): open the organisation's payment service once the three
 * agreements are accepted; a refusal is toasted by the request layer.
 */
export const openService = () => call(companyEndpoints.openService, { body: { agreed: true } });

/** Opening completes a getting-started step: the checklist is fetched again. */
export const useOpenService = () => useProfileMutation(openService, companyKeys.initStatus());
