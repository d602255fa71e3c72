import type { ConnectionCheck } from './connection-check.ts';
import type { Tx } from './db/client.ts';

export interface SmsMessage {
  mobile: string;
  /** The purpose (the sms module's scenes, and `mobileChanged`): a provider sends that scene's template. */
  scene: string;
  /**
   * The template's variables, in the template's order (Tencent Cloud numbers them {1}, {2}...; Alibaba Cloud names
   * them `${code}`): `{ code }` for a verification code. Never logged: they hold the code.
   */
  params: Record<string, string>;
  /** The whole text, for a sender that keeps the message itself (the sandbox's outbox). */
  text: string;
}

/**
 * Where SMS go: the port a real gateway implements (src/sms/: Alibaba Cloud, Tencent Cloud), chosen by
 * SMS_PROVIDER; the sandbox's outbox keeps them in a table instead. A sender that could not send throws
 * `SmsRefused`, saying why in a way the sms module can tell the user.
 */
export interface SmsSender {
  send(db: Tx, message: SmsMessage): Promise<void>;
  /** A harmless signed call to the provider (channel:check). */
  check?(): Promise<ConnectionCheck>;
}

/**
 * The provider did not send: `throttled` (its limits per number: try later), `mobile` (it refuses the number) or
 * `failed` (anything else: refused keys or template, its outage, no answer in time). `detail` is for the log
 * (the provider's code), never shown to the user and never holding the code.
 */
export class SmsRefused extends Error {
  constructor(
    readonly kind: 'throttled' | 'mobile' | 'failed',
    readonly detail: string,
  ) {
    super(`sms not sent (${kind}): ${detail}`);
    this.name = 'SmsRefused';
  }
}
