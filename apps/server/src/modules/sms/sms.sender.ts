import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../../sms-sender.ts';
import { smsOutbox } from './sms.tables.ts';

/**
 * Development sender: the text (with its code) goes to the sms_outbox table, nowhere else, and to the log in the
 * sandbox only; elsewhere the log says to whom and why, never the code (issue 25: no code in any log line).
 */
export function createSmsSender(log: FastifyBaseLogger, { logText }: { logText: boolean }): SmsSender {
  return {
    async send(db, message) {
      await db.insert(smsOutbox).values(message);
      const { mobile, scene, text } = message;
      log.info({ sms: { mobile, scene, ...(logText ? { text } : {}) } }, 'sms sent (outbox)');
    },
  };
}
