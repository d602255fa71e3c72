import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, sandboxPayoutNotifyBody, TRANSFER_STATUSES } from '@mchweb/contract';
import { forbidden, ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { periodicJob } from '../../periodic-job.ts';
import { TRANSFER } from './transfer.messages.ts';
import { dueTransfers, finishTransfer } from './transfer.service.ts';

/** The sandbox payout channel's notice (public, sandbox only), like the payment and refund notices. */
export const payoutNoticeRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config }) => {
  app.post('/sandbox/payout-notify', {
    config: { access: 'public' },
    schema: {
      tags: ['cashier (public)'],
      summary: "Sandbox only: the payout channel's answer to a PROCESSING transfer (repeats change nothing)",
      body: sandboxPayoutNotifyBody,
      response: { 200: envelopeSchema(z.object({ transferNo: z.string(), status: z.enum(TRANSFER_STATUSES) })) },
    },
    handler: async (request) => {
      if (!config.sandbox) throw forbidden(TRANSFER.sandboxOnly);
      const t = await finishTransfer(app.db, request.body);
      return ok({ transferNo: t.transferNo, status: t.status as (typeof TRANSFER_STATUSES)[number] });
    },
  });
};

/** In the sandbox, answer transfers like a payout channel after MCHWEB_SANDBOX_PAYOUT_DELAY_MS. */
export const payoutJob: FastifyPluginAsync<ModuleContext> = async (app, { config }) => {
  if (config.sandboxPayout === 'off') return;
  const result = config.sandboxPayout === 'success' ? 'SUCCESS' : 'FAILED';
  const everyMs = Math.min(1000, Math.max(50, Math.floor(config.sandboxPayoutDelayMs / 2)));
  periodicJob(app, 'sandbox payouts', everyMs, async () => {
    for (const transferNo of await dueTransfers(app.db, config.sandboxPayoutDelayMs)) {
      await finishTransfer(app.db, { transferNo, result, failReason: 'Sandbox: payout refused / 沙箱：出款被拒' });
    }
  });
};
