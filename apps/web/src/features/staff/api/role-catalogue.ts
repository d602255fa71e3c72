import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffEndpoints } from '@mchweb/contract/staff/endpoints';
import { call } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** GET /role/catalogue: menu groups -> pages -> buttons, the tree of the role editor. */
export const roleCatalogueQuery = () =>
  queryOptions({
    queryKey: staffKeys.catalogue(),
    queryFn: ({ signal }) => call(staffEndpoints.roleCatalogue, {}, { signal }),
    staleTime: Infinity,
  });
export const useRoleCatalogue = () => useQuery(roleCatalogueQuery());
