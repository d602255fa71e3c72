import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dashboardOverview } from '../settlement/schemas.ts';

export const dashboardEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/merchant/dashboard/overview',
    access: 'overview:view',
    tags: ['dashboard'],
    summary: "Today's and yesterday's trade, 30 days by day, channel share, top merchants, pending and available",
    query: z.strictObject({}),
    response: dashboardOverview,
  }),
};
