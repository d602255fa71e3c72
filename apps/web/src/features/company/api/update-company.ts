import type { z } from 'zod';
import type { updateCompanyBody } from '@mchweb/contract';
import { companyEndpoints } from '@mchweb/contract/company/endpoints';
import { call } from '@/lib/api-client';
import { useProfileMutation } from './company-info';
import { companyKeys } from './query-keys';

export type UpdateCompanyInput = z.input<typeof updateCompanyBody>;

/** POST /feeManager/updateCompany (owner only, `company:edit`); quiet: errors go beside the fields. */
export const updateCompany = (input: UpdateCompanyInput) =>
  call(companyEndpoints.update, { body: input }, { quiet: true });

/** The profile and the organisation list follow the edit. */
export const useUpdateCompany = () => useProfileMutation(updateCompany, companyKeys.list());
