import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantEndpoints } from '@mchweb/contract/merchant/endpoints';
import { call } from '@/lib/api-client';
import { merchantKeys } from './query-keys';

/** GET /channel/list: the channels open to the organisation, their default rates and the merchants taking them. */
export const fetchChannelList = (signal?: AbortSignal) => call(merchantEndpoints.channelList, {}, { signal });

export const channelListQuery = () =>
  queryOptions({ queryKey: merchantKeys.channels(), queryFn: ({ signal }) => fetchChannelList(signal) });
export const useChannelList = () => useQuery(channelListQuery());
