import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CompanyInfo } from '@mchweb/contract';
import { fetchCompanyInfo, storeCompanyInfo } from '@/lib/session';
import { companyKeys } from './query-keys';

/** POST /feeManager/getCompany: the current organisation's profile; the stored companyInfo follows it. */
export const companyInfoQuery = () =>
  queryOptions({
    queryKey: companyKeys.info(),
    queryFn: async () => {
      const info = await fetchCompanyInfo();
      storeCompanyInfo(info);
      return info;
    },
  });
export const useCompanyInfo = () => useQuery(companyInfoQuery());

/**
 * A change whose answer is the organisation's new profile (edit, bind the mobile, open the service): the stored
 * companyInfo (the header's name) and the profile query follow it, and what it makes stale is fetched again.
 */
export function useProfileMutation<Input>(call: (input: Input) => Promise<CompanyInfo>, stale: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (info) => {
      storeCompanyInfo(info);
      queryClient.setQueryData(companyKeys.info(), info);
      void queryClient.invalidateQueries({ queryKey: stale });
    },
  });
}
