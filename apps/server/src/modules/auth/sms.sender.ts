import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { smsOutbox } from './auth.tables.ts';

export interface SmsMessage {
  mobile: string;
  scene: string;
  text: string;
}

/** Where SMS go. A real gateway implements this; the default one logs and keeps an outbox. */
export interface SmsSender {
  send(db: Tx, message: SmsMessage): Promise<void>;
}

/** Development sender: the text (with its code) goes to the log and the sms_outbox table, nowhere else. */
export function createSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(db, message) {
      await db.insert(smsOutbox).values(message);
      log.info({ sms: { mobile: message.mobile, scene: message.scene, text: message.text } }, 'sms sent (outbox)');
    },
  };
}
