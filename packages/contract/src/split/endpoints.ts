import { defineEndpoint } from '../endpoint.ts';
import { splitApplyBody, splitCancelBody, splitDetailQuery, splitItem, splitListBody, splitPage } from './schemas.ts';

const tags = ['profit sharing'];

/** Profit-sharing applications of the current organisation (the seed's /div-account page, /div/* paths). */
export const splitEndpoints = {
  apply: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/div/apply',
    access: 'split:apply',
    tags,
    summary: 'Apply to share part of a merchant’s settled days with receivers (at most 30 % in all)',
    body: splitApplyBody,
    response: splitItem,
  }),
  list: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/div/list',
    access: 'split:view',
    tags,
    summary: 'Profit-sharing applications, newest first',
    body: splitListBody,
    response: splitPage,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/merchant/div/detail',
    access: 'split:view',
    tags,
    summary: 'One application',
    query: splitDetailQuery,
    response: splitItem,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/div/cancel',
    access: 'split:apply',
    tags,
    summary: 'Withdraw a SUBMITTED application',
    body: splitCancelBody,
    response: splitItem,
  }),
};
