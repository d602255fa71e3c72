/**
 * The query keys of the company feature, in one place: a mutation hook invalidates exactly what the queries
 * cached. `all` is the prefix of every key here.
 */
export const companyKeys = {
  all: ['company'] as const,
  info: () => [...companyKeys.all, 'info'] as const,
  list: () => [...companyKeys.all, 'list'] as const,
  initStatus: () => [...companyKeys.all, 'initStatus'] as const,
  /** Invitations to the user's mobile waiting for an answer (GET /staff/invitation/list). */
  invitations: () => [...companyKeys.all, 'invitations'] as const,
  /** The organisation's trade at a glance (GET /dashboard/overview). */
  dashboard: () => [...companyKeys.all, 'dashboard'] as const,
};
