import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxEndpoints as ep } from '@mchweb/contract';
import { ok } from '../errors.ts';
import type { ModuleContext } from '../module.ts';
import { keepInOutbox, outboxOf } from '../modules/sms/index.ts';
import { route } from '../route.ts';
import type { SmsSender } from '../sms-sender.ts';

/**
 * The sandbox's SMS adapter (SMS_PROVIDER=outbox, the sandbox's default; refused outside it): the text (with its
 * code) goes to the sms_outbox table and to the log, where a developer reads it; a tester reads the outbox over
 * HTTP. `logText` false (a test app built outside the sandbox) logs to whom and why, never the code.
 */
export function createSmsSender(log: FastifyBaseLogger, { logText }: { logText: boolean }): SmsSender {
  return {
    async send(db, message) {
      const { mobile, scene, text } = message;
      await keepInOutbox(db, { mobile, scene, text });
      log.info({ sms: { mobile, scene, ...(logText ? { text } : {}) } }, 'sms sent (outbox)');
    },
  };
}

/** Lets a tester (and the end-to-end tests) read the codes the SMS sender "sent". */
export const smsOutboxRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app) => {
  route(app, ep.smsOutbox, async (request) => ok(await outboxOf(app.db, request.query.mobile)));
};
