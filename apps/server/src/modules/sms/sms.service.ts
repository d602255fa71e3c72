import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { Code } from '@mchweb/contract';
import type { Db, Tx } from '../../db/client.ts';
import { BizError, invalid } from '../../errors.ts';
import type { SmsSender } from '../../sms-sender.ts';
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
};

const hashCode = (mobile: string, scene: string, code: string) =>
  crypto.createHash('sha256').update(`${mobile}:${scene}:${code}`).digest('base64url');

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
  await db.transaction(async (tx) => {
    await tx.insert(smsCodes).values({
      mobile: input.mobile,
      scene: input.scene,
      codeHash: hashCode(input.mobile, input.scene, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    await sender.send(tx, {
      mobile: input.mobile,
      scene: input.scene,
      text: `[mchweb] Your verification code ${SCENE_TEXT[input.scene] ?? ''} is ${code}. It expires in 5 minutes.`,
    });
  });
  return { resendAfterSeconds: RESEND_AFTER_MS / 1000, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/**
 * Check and consume the newest code of a mobile and scene. A wrong try is counted in its own statement, so it
 * sticks even when the caller's work fails afterwards.
 */
export async function consumeSmsCode(db: Db | Tx, input: { mobile: string; scene: string; code: string }) {
  const id = await checkSmsCode(db, input);
  await db.update(smsCodes).set({ consumedAt: new Date() }).where(eq(smsCodes.id, id));
}

/**
 * Check the newest code of a mobile and scene without using it up (a wrong try is still counted): for a caller
 * that may refuse for another reason after the code is proved right, and lets the user try again with it.
 * Answers the code's row id.
 */
export async function checkSmsCode(db: Db | Tx, input: { mobile: string; scene: string; code: string }) {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, input.mobile), eq(smsCodes.scene, input.scene), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now()) throw invalid(SMS.smsExpired);
  if (row.attempts >= MAX_TRIES) throw invalid(SMS.smsWrong(0));
  const given = Buffer.from(hashCode(input.mobile, input.scene, input.code));
  const expected = Buffer.from(row.codeHash);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, row.id));
    const left = MAX_TRIES - row.attempts - 1;
    throw invalid(SMS.smsWrong(left));
  }
  return row.id;
}
