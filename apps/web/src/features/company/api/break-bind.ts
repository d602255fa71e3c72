import { apiGet } from '@/lib/api';

/** GET /feeManager/breakBind?companyId=: leave an organisation; the last owner is refused (toast with msg). */
export const breakBind = (companyId: number) => apiGet<null>('/feeManager/breakBind', { companyId });
