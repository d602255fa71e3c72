import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxEndpoints as ep } from '@mchweb/contract';
import { ok } from '../errors.ts';
import type { ModuleContext } from '../module.ts';
import { keepInOutbox, outboxOf } from '../modules/sms/index.ts';
import { route } from '../route.ts';
import type { SmsSender } from '../sms-sender.ts';

/**
 * The SMS adapter of a server with no gateway (the only one so far, app.ts's default): the text (with its code)
 * goes to the sms_outbox table, nowhere else, and to the log in the sandbox only; elsewhere the log says to whom
 * and why, never the code (issue 25: no code in any log line).
 */
export function createSmsSender(log: FastifyBaseLogger, { logText }: { logText: boolean }): SmsSender {
  return {
    async send(db, message) {
      await keepInOutbox(db, message);
      const { mobile, scene, text } = message;
      log.info({ sms: { mobile, scene, ...(logText ? { text } : {}) } }, 'sms sent (outbox)');
    },
  };
}

/** Lets a tester (and the end-to-end tests) read the codes the SMS sender "sent". */
export const smsOutboxRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app) => {
  route(app, ep.smsOutbox, async (request) => ok(await outboxOf(app.db, request.query.mobile)));
};
