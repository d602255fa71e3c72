import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleCatalogue } from '@mchweb/contract';
import { apiGet } from '@/lib/api';

/** GET /role/catalogue: menu groups -> pages -> buttons, the tree of the role editor. */
export const roleCatalogueQuery = () =>
  queryOptions({
    queryKey: ['staff', 'catalogue'],
    queryFn: ({ signal }) => apiGet<RoleCatalogue>('/role/catalogue', {}, { signal }),
    staleTime: Infinity,
  });
export const useRoleCatalogue = () => useQuery(roleCatalogueQuery());
