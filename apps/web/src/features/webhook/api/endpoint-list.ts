import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookEndpoints } from '@mchweb/contract/webhook/endpoints';
import { call } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

/** GET /developer/webhook/endpoints (developer:manage): the organisation's endpoints. */
export const fetchEndpoints = (signal?: AbortSignal) => call(webhookEndpoints.list, {}, { signal });

export const endpointsQuery = () =>
  queryOptions({ queryKey: webhookKeys.endpoints(), queryFn: ({ signal }) => fetchEndpoints(signal) });
export const useWebhookEndpoints = () => useQuery(endpointsQuery());
