import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelListItem } from '@mchweb/contract';
import { apiGet } from '@/lib/api';
import { merchantKeys } from './query-keys';

/** GET /channel/list: the channels open to the organisation, their default rates and the merchants taking them. */
export const fetchChannelList = (signal?: AbortSignal) => apiGet<ChannelListItem[]>('/channel/list', {}, { signal });

export const channelListQuery = () =>
  queryOptions({ queryKey: merchantKeys.channels(), queryFn: ({ signal }) => fetchChannelList(signal) });
export const useChannelList = () => useQuery(channelListQuery());
