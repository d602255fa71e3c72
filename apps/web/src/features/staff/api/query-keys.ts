/**
 * The query keys of the staff feature, in one place: a mutation hook invalidates exactly what the queries
 * cached. `all` is the prefix of every key here (members, roles, the permission catalogue, the audit log).
 */
export const staffKeys = {
  all: ['staff'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
  roles: () => [...staffKeys.all, 'roles'] as const,
  catalogue: () => [...staffKeys.all, 'catalogue'] as const,
  audit: () => [...staffKeys.all, 'audit'] as const,
};
