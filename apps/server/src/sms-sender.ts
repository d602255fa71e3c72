import type { Tx } from './db/client.ts';

export interface SmsMessage {
  mobile: string;
  scene: string;
  text: string;
}

/**
 * Where SMS go: the port a real gateway implements. The sms module provides the development sender (log and
 * outbox); tests pass their own.
 */
export interface SmsSender {
  send(db: Tx, message: SmsMessage): Promise<void>;
}
