import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../../sms-sender.ts';
import { smsOutbox } from './sms.tables.ts';

/** Development sender: the text (with its code) goes to the log and the sms_outbox table, nowhere else. */
export function createSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(db, message) {
      await db.insert(smsOutbox).values(message);
      log.info({ sms: { mobile: message.mobile, scene: message.scene, text: message.text } }, 'sms sent (outbox)');
    },
  };
}
