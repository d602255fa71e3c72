import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { Code } from '@mchweb/contract';
import type { Db, Tx } from '../../db/client.ts';
import { deleteInBatches } from '../../db/purge.ts';
import { BizError, invalid } from '../../errors.ts';
import { platformSecret } from '../../db/platform-secret.ts';
import { platformSecrets } from '../../db/platform.tables.ts';
import { SmsRefused, type SmsSender } from '../../sms-sender.ts';
import { SMS } from './sms.messages.ts';
import { smsCodes } from './sms.tables.ts';

export const CODE_TTL_MS = 5 * 60 * 1000;
export const RESEND_AFTER_MS = 60 * 1000;
export const MAX_TRIES = 5;

const SCENE_TEXT: Record<string, string> = {
  register: 'to register',
  bindMobile: "to bind your organisation's contact mobile",
  resetPassword: 'to reset your password',
  funds: 'to confirm a payee account or a transfer',
  changeMobile: "to move your organisation's contact mobile to another number",
};

/** A mobile as an SMS or a page may show it to someone who should not read it whole. */
export const maskMobile = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/** The scenes a code is sent for: a provider sends each with its own template (SMS_TEMPLATE_*, config-env.ts). */
export const SMS_SCENES = Object.keys(SCENE_TEXT);

/**
 * The stored form of a code: HMAC-SHA256 keyed with the platform's `sms-code` secret (kept in the database, shared
 * by every process) over mobile, scene and code. A bare SHA-256 of those was reversed in 0.1 s: a code has a
 * million values and the mobile and scene are in the same row. Codes stored the old way before this change simply
 * fail to match and expire within CODE_TTL_MS (decisions.md).
 */
async function hashCode(db: Db | Tx, mobile: string, scene: string, code: string) {
  const [kept] = await db.select().from(platformSecrets).where(eq(platformSecrets.name, CODE_SECRET));
  const key = kept ? Buffer.from(kept.value, 'base64url') : await platformSecret(db as Db, CODE_SECRET);
  return crypto.createHmac('sha256', key).update(`${mobile}:${scene}:${code}`).digest('base64url');
}
const CODE_SECRET = 'sms-code';

/** What the user is told when the provider did not send (the provider's own code goes to the log only). */
export const smsRefusal = (err: SmsRefused) => {
  if (err.kind === 'throttled') return new BizError(Code.TOO_MANY, SMS.smsProviderThrottled);
  if (err.kind === 'mobile') return invalid(SMS.smsMobileRefused);
  return new BizError(Code.UNAVAILABLE, SMS.smsNotSent);
};

export async function sendSmsCode(db: Db, sender: SmsSender, input: { mobile: string; scene: string }) {
  const [last] = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, input.mobile), eq(smsCodes.scene, input.scene)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (last) {
    const waitMs = last.createdAt.getTime() + RESEND_AFTER_MS - Date.now();
    if (waitMs > 0) throw new BizError(Code.TOO_MANY, SMS.smsResendWait(Math.ceil(waitMs / 1000)));
  }
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  // The row first (it starts the resend wait), the provider's call after, outside any transaction: a call of
  // seconds must not hold a connection, nor PGlite's one queue. A code the provider did not send is deleted, so
  // the user may ask again at once.
  const [row] = await db
    .insert(smsCodes)
    .values({
      mobile: input.mobile,
      scene: input.scene,
      codeHash: await hashCode(db, input.mobile, input.scene, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    })
    .returning({ id: smsCodes.id });
  try {
    await sender.send(db, {
      mobile: input.mobile,
      scene: input.scene,
      params: { code },
      text: `[mchweb] Your verification code ${SCENE_TEXT[input.scene] ?? ''} is ${code}. It expires in 5 minutes.`,
    });
  } catch (err) {
    await db.delete(smsCodes).where(eq(smsCodes.id, row!.id));
    throw err instanceof SmsRefused ? smsRefusal(err) : err;
  }
  return { resendAfterSeconds: RESEND_AFTER_MS / 1000, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/**
 * Check and consume the newest code of a mobile and scene. A wrong try is counted in its own statement, so it
 * sticks even when the caller's work fails afterwards. Only one of several requests holding the right code
 * uses it up: the others are told it has expired.
 */
export async function consumeSmsCode(db: Db | Tx, input: { mobile: string; scene: string; code: string }) {
  const id = await checkSmsCode(db, input);
  const used = await db
    .update(smsCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  if (used.length === 0) throw invalid(SMS.smsExpired);
}

/**
 * Check the newest code of a mobile and scene without using it up (a wrong try is still counted): for a caller
 * that may refuse for another reason after the code is proved right, and lets the user try again with it.
 * Answers the code's row id.
 *
 * The try is counted and compared in one statement (issue 25.5): a read-then-count let 16 concurrent guesses
 * through a limit of 5, because each read saw the count before the others had added to it. The row lock of the
 * UPDATE makes the tries queue, and each one sees the count the one before left.
 */
export async function checkSmsCode(db: Db | Tx, input: { mobile: string; scene: string; code: string }) {
  const given = await hashCode(db, input.mobile, input.scene, input.code);
  const newest = db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, input.mobile), eq(smsCodes.scene, input.scene), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  const right = sql<boolean>`${smsCodes.codeHash} = ${given}`;
  const [tried] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + case when ${right} then 0 else 1 end` })
    .where(
      and(
        inArray(smsCodes.id, newest),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, new Date()),
        lt(smsCodes.attempts, MAX_TRIES),
      ),
    )
    .returning({ id: smsCodes.id, attempts: smsCodes.attempts, right });
  if (tried?.right) return tried.id;
  if (tried) throw invalid(SMS.smsWrong(MAX_TRIES - tried.attempts));
  // Not tried: say why (no code, an expired one, or one with its tries used up).
  const [row] = await newest;
  const [code] = row ? await db.select().from(smsCodes).where(eq(smsCodes.id, row.id)) : [];
  if (!code || code.expiresAt.getTime() <= Date.now()) throw invalid(SMS.smsExpired);
  throw invalid(SMS.smsWrong(0));
}

/**
 * Delete the codes that expired (used ones too: every code expires CODE_TTL_MS after it is sent, and the newest
 * one of a mobile and scene is what the resend wait reads, well within that) (issue 25.10).
 */
export async function purgeExpiredSmsCodes(db: Db, now = new Date()) {
  return deleteInBatches(db, smsCodes, smsCodes.id, lt(smsCodes.expiresAt, now));
}
