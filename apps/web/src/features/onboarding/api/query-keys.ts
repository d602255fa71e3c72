import type { ApplicationListBody, InviteListBody } from '@mchweb/contract';

/** The application list's filter: status(es), name (contains), created from/to (days, Asia/Shanghai). */
export type ApplicationListFilter = Omit<ApplicationListBody, 'cursor' | 'limit'>;
/** The invitation list's filter: status(es). */
export type InviteListFilter = Omit<InviteListBody, 'cursor' | 'limit'>;

/**
 * The query keys of the onboarding feature, in one place: a mutation hook invalidates exactly what the queries
 * cached. `all` is the prefix of every key here (applications, their detail and timeline, invitations).
 */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  applications: () => [...onboardingKeys.all, 'applications'] as const,
  list: (filter: ApplicationListFilter) => [...onboardingKeys.applications(), 'list', filter] as const,
  detail: (applyNo: string) => [...onboardingKeys.applications(), 'detail', applyNo] as const,
  progress: (applyNo: string) => [...onboardingKeys.applications(), 'progress', applyNo] as const,
  invites: () => [...onboardingKeys.all, 'invites'] as const,
  inviteList: (filter: InviteListFilter) => [...onboardingKeys.invites(), 'list', filter] as const,
};
