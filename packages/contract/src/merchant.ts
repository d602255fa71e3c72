import { z } from 'zod';

export const MERCHANT_TYPES = ['INDIVIDUAL', 'ENTERPRISE', 'SMALL_MICRO'] as const;
export const MERCHANT_STATUSES = ['ACTIVE', 'FROZEN', 'CLOSED'] as const;

/** A merchant record as the login answer's `mchInfo` and `mchList` carry it. */
export const merchantSummary = z.object({
  mchId: z.number().int(),
  mchNo: z.string(),
  name: z.string(),
  shortName: z.string(),
  type: z.enum(MERCHANT_TYPES),
  status: z.enum(MERCHANT_STATUSES),
});
export type MerchantSummary = z.infer<typeof merchantSummary>;
