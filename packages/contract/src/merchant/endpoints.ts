import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  channelList,
  MERCHANT_STATUSES,
  merchantDetail,
  merchantDetailQuery,
  merchantFreezeBody,
  merchantListBody,
  merchantPage,
  merchantUnfreezeBody,
} from './schemas.ts';

const tags = ['merchant'];

export const merchantEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/merchant/list',
    access: 'merchant:view',
    tags,
    summary: 'Merchants, newest first; pass nextCursor back as cursor while hasMore',
    body: merchantListBody,
    response: merchantPage,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/merchant/merchant/detail',
    access: 'merchant:view',
    tags,
    summary: 'A merchant with its rates, masked settlement account and status history',
    query: merchantDetailQuery,
    response: merchantDetail,
  }),
  freeze: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/merchant/freeze',
    access: 'merchant:edit',
    tags,
    summary: 'Freeze an ACTIVE merchant (it takes no payments until unfrozen)',
    body: merchantFreezeBody,
    response: z.object({ mchNo: z.string(), status: z.enum(MERCHANT_STATUSES) }),
  }),
  unfreeze: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/merchant/unfreeze',
    access: 'merchant:edit',
    tags,
    summary: 'Unfreeze a FROZEN merchant',
    body: merchantUnfreezeBody,
    response: z.object({ mchNo: z.string(), status: z.enum(MERCHANT_STATUSES) }),
  }),
  channelList: defineEndpoint({
    method: 'GET',
    path: '/api/merchant/channel/list',
    access: 'channel:view',
    tags,
    summary: 'The channels open to the organisation, their default rates and the merchants that take them',
    query: z.strictObject({}),
    response: channelList,
  }),
};
