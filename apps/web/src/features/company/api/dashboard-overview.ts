import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardEndpoints } from '@mchweb/contract/dashboard/endpoints';
import { call } from '@/lib/api-client';
import { companyKeys } from './query-keys';

/** How often an open /organ-home (or /welcome) reads today's figures again while the tab is visible. */
export const DASHBOARD_POLL_MS = 30_000;

/**
 * GET /dashboard/overview (overview:view): today and yesterday, the 30-day trend, channel share, top merchants,
 * pending and available money; the server answers from its day totals. `background`: a poll of figures already
 * shown, without the top progress bar.
 */
export const fetchDashboardOverview = (signal?: AbortSignal, background = false) =>
  call(dashboardEndpoints.overview, {}, { signal, background });

export const dashboardOverviewQuery = () =>
  queryOptions({
    queryKey: companyKeys.dashboard(),
    queryFn: ({ signal, client, queryKey }) =>
      fetchDashboardOverview(signal, client.getQueryData(queryKey) !== undefined),
  });
/** The overview, read again every DASHBOARD_POLL_MS while the tab is visible (today's figures move). */
export const useDashboardOverview = (enabled = true) =>
  useQuery({ ...dashboardOverviewQuery(), enabled, refetchInterval: DASHBOARD_POLL_MS });
