import type { CompanyInfo } from '@mchweb/contract';
import { apiPost } from '@/lib/api';

/**
 * POST /feeManager/bindingMobile. The request layer rejects this one silently (S8.3), so the caller must show
 * the msg itself, beside the field it names.
 */
export const bindingMobile = (mobile: string, smsCode: string) =>
  apiPost<CompanyInfo>('/feeManager/bindingMobile', { mobile, smsCode });
