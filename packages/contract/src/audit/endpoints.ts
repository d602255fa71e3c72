import { defineEndpoint } from '../endpoint.ts';
import { auditListQuery, auditPage } from '../staff/schemas.ts';

export const auditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/merchant/audit/list',
    access: 'audit:view',
    tags: ['audit'],
    summary: 'Recent changes, newest first; pass nextCursor back as cursor while hasMore',
    query: auditListQuery,
    response: auditPage,
  }),
};
