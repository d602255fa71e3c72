import type { FastifyBaseLogger } from 'fastify';
import type { ConnectionCheck } from '../connection-check.ts';
import { SmsRefused, type SmsMessage } from '../sms-sender.ts';

/** What one call to a provider came to: its request id, and its error code when it refused. */
export type ProviderAnswer = { requestId?: string } & ({ ok: true } | { ok: false; code: string });

/** The provider's code of a call that never got an answer (no connection, or none in time). */
export const UNREACHABLE = 'unreachable';
export const TIMEOUT = 'timeout';

/** A mobile as a log may show it: enough to find a complaint, not a list of customers' numbers. */
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/**
 * One send through a provider, logged once with its outcome, request id and latency, never the code or the
 * text: an SDK's own errors can carry the request (the template's parameters in a URL), so none is logged or
 * passed on; only the provider's error code is. A refusal becomes `SmsRefused` of the kind `kindOf` says.
 */
export async function sendThrough(
  log: FastifyBaseLogger,
  provider: string,
  message: SmsMessage,
  kindOf: (code: string) => SmsRefused['kind'],
  call: () => Promise<ProviderAnswer>,
): Promise<void> {
  const started = performance.now();
  const answer = await call();
  const sms = {
    provider,
    scene: message.scene,
    mobile: masked(message.mobile),
    requestId: answer.requestId,
    ms: Math.round(performance.now() - started),
  };
  if (answer.ok) {
    log.info({ sms }, 'sms sent');
    return;
  }
  const kind = kindOf(answer.code);
  log.warn({ sms: { ...sms, outcome: answer.code, kind } }, 'sms not sent');
  throw new SmsRefused(kind, `${provider} ${answer.code}`);
}

/** An error thrown by an SDK as the code to report: the provider's when it answered, else why there was no answer. */
export function codeOfError(err: unknown): string {
  const e = err as { code?: unknown; name?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  // A provider's codes are words with dots (isv.BUSINESS_LIMIT_CONTROL, AuthFailure.SignatureFailure); Node's
  // network errors are E-codes (ECONNREFUSED).
  if (/^[A-Za-z][\w.]*$/.test(code) && !/^E[A-Z_]+$/.test(code)) return code;
  const text = `${String(e?.name)} ${code} ${typeof e?.message === 'string' ? e.message : ''}`;
  return /timeout|timed out|ETIMEDOUT/i.test(text) ? TIMEOUT : UNREACHABLE;
}

/** A check's refusal in the operator's words, from the provider's code. */
export function whyRefused(code: string): ConnectionCheck {
  if (code === TIMEOUT) return { connected: false, why: 'unreachable: no answer in time' };
  if (code === UNREACHABLE) return { connected: false, why: 'unreachable: no connection to the provider' };
  if (/Signature/i.test(code)) return { connected: false, why: `bad signature: the secret is wrong (${code})` };
  if (/AccessKey|SecretId|AuthFailure|Forbidden/i.test(code)) return { connected: false, why: `wrong key (${code})` };
  return { connected: false, why: `refused (${code})` };
}
