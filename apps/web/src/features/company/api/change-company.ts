import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyEndpoints } from '@mchweb/contract/company/endpoints';
import { call } from '@/lib/api-client';
import { refreshAfterCompanySwitch } from '@/lib/session';
import { refetchCompanyList } from './company-list';

/**
 * POST /api/websession/changeCompany (at the page's origin, S7.3) and then the session of the new
 * organisation: every cached query belonged to the previous one, refreshAfterCompanySwitch drops them all.
 * A refusal is toasted by the request layer; the list may be stale then (e.g. frozen meanwhile): fetched again.
 */
export function useChangeCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (companyId: number) => {
      await call(companyEndpoints.changeCompany, { body: { companyId } }, { companyCodes: 'self', pageOrigin: true });
      await refreshAfterCompanySwitch();
    },
    onError: () => refetchCompanyList(queryClient),
  });
}
