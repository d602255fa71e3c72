// The SMS providers (adapters of sms-sender.ts's port): app.ts and `npm run ops -- channel:check` build the one
// SMS_PROVIDER names. The sandbox's outbox is not here: it lives in the sandbox wing.
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../config.ts';
import type { SmsSender } from '../sms-sender.ts';
import { aliyunSms } from './aliyun-sms.ts';
import { tencentSms } from './tencent-sms.ts';

export { aliyunSms } from './aliyun-sms.ts';
export { tencentSms } from './tencent-sms.ts';

/** The provider's sender, or null for the outbox (the sandbox's, which app.ts takes from the sandbox wing). */
export function providerSms(config: SmsConfig, log: FastifyBaseLogger): SmsSender | null {
  if (config.provider === 'aliyun') return aliyunSms(config, log);
  if (config.provider === 'tencent') return tencentSms(config, log);
  return null;
}
