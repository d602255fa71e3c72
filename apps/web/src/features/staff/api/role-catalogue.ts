import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleCatalogue } from '@mchweb/contract';
import { apiGet } from '@/lib/api';
import { staffKeys } from './query-keys';

/** GET /role/catalogue: menu groups -> pages -> buttons, the tree of the role editor. */
export const roleCatalogueQuery = () =>
  queryOptions({
    queryKey: staffKeys.catalogue(),
    queryFn: ({ signal }) => apiGet<RoleCatalogue>('/role/catalogue', {}, { signal }),
    staleTime: Infinity,
  });
export const useRoleCatalogue = () => useQuery(roleCatalogueQuery());
