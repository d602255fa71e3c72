import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCompanyInfo, storeCompanyInfo } from '@/lib/session';

/** POST /feeManager/getCompany: the current organisation's profile; the stored companyInfo follows it. */
export const companyInfoQuery = () =>
  queryOptions({
    queryKey: ['company', 'info'],
    queryFn: async () => {
      const info = await fetchCompanyInfo();
      storeCompanyInfo(info);
      return info;
    },
  });
export const useCompanyInfo = () => useQuery(companyInfoQuery());
