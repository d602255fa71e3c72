import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyListItem } from '@mchweb/contract';
import { apiGet } from '@/lib/api';

/** GET /company/list: the user's organisations with role, status and which one is current. */
export const companyListQuery = () =>
  queryOptions({
    queryKey: ['company', 'list'],
    queryFn: ({ signal }) => apiGet<CompanyListItem[]>('/company/list', {}, { signal }),
  });
export const useCompanyList = () => useQuery(companyListQuery());
