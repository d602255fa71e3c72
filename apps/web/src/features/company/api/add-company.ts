import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addCompanyBody } from '@mchweb/contract';
import { companyEndpoints } from '@mchweb/contract/company/endpoints';
import { call } from '@/lib/api-client';
import { refreshAfterCompanySwitch } from '@/lib/session';

export type AddCompanyInput = z.input<typeof addCompanyBody>;

/** POST /feeManager/addCompany: quiet, the form shows the server's msg beside the field it names. */
export const addCompany = (input: AddCompanyInput) => call(companyEndpoints.add, { body: input }, { quiet: true });

/** Create an organisation; the server makes it the session's current one, and the client's session follows. */
export const useAddCompany = () =>
  useMutation({
    mutationFn: addCompany,
    onSuccess: () => refreshAfterCompanySwitch(),
  });
