import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyListItem } from '@mchweb/contract';
import { companyEndpoints } from '@mchweb/contract/company/endpoints';
import { call } from '@/lib/api-client';
import { refreshAfterCompanySwitch } from '@/lib/session';
import { refetchCompanyList } from './company-list';

/** GET /feeManager/breakBind?companyId=: leave an organisation; the last owner is refused (toast with msg). */
export const breakBind = (companyId: number) => call(companyEndpoints.breakBind, { query: { companyId } });

/** Leave an organisation; leaving the current one refreshes the session (then it has none, or the next). */
export function useLeaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (company: CompanyListItem) => breakBind(company.companyId),
    onSuccess: async (_data, company) => {
      if (company.current) await refreshAfterCompanySwitch().catch(() => undefined);
      await refetchCompanyList(queryClient);
    },
  });
}
