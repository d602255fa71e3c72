import type { CompanyInfo } from '@mchweb/contract';
import { apiPost } from '@/lib/api';

export interface AddCompanyInput {
  companyName: string;
  creditCode: string;
  contactName: string;
  contactMobile: string;
}

/** POST /feeManager/addCompany: quiet, the form shows the server's msg beside the field it names. */
export const addCompany = (input: AddCompanyInput) =>
  apiPost<CompanyInfo>('/feeManager/addCompany', input, { quiet: true });
