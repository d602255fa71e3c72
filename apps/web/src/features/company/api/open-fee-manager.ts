import type { CompanyInfo } from '@mchweb/contract';
import { apiPost } from '@/lib/api';

/** POST /feeManager/openFeeManager once the three agreements are accepted; a refusal is toasted by the layer. */
export const openFeeManager = () => apiPost<CompanyInfo>('/feeManager/openFeeManager', { agreed: true });
