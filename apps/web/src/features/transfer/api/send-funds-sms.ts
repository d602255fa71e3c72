import type { z } from 'zod';
import type { fundsSmsAnswer, fundsSmsBody } from '@mchweb/contract';
import { transferEndpoints } from '@mchweb/contract/transfer/endpoints';
import { call } from '@/lib/api-client';

export type FundsSmsInput = z.input<typeof fundsSmsBody>;
export type FundsSmsAnswer = z.infer<typeof fundsSmsAnswer>;

/**
 * POST /funds/sms/send (payee:edit for a payee, transfer:create for a transfer): a code to the organisation's
 * contact mobile, answered with the mobile masked and the seconds before another may be asked for. Quiet: the
 * form shows a refusal beside the code's field.
 */
export const sendFundsSms = (input: FundsSmsInput) => call(transferEndpoints.smsSend, { body: input }, { quiet: true });
