import type { CompanyInfo } from '@mchweb/contract';
import { apiPost } from '@/lib/api';

export interface UpdateCompanyInput {
  companyName: string;
  contactName: string;
  address?: string;
}

/** POST /feeManager/updateCompany (owner only, `company:edit`); quiet: errors go beside the fields. */
export const updateCompany = (input: UpdateCompanyInput) =>
  apiPost<CompanyInfo>('/feeManager/updateCompany', input, { quiet: true });
