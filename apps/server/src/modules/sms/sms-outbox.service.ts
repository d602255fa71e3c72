import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { SmsMessage } from '../../sms-sender.ts';
import { smsOutbox } from './sms.tables.ts';

// The outbox keeps what a sender that reaches no phone "sent" (the sandbox's sender): a tester reads codes there.

export async function keepInOutbox(db: Tx, message: Omit<SmsMessage, 'params'>) {
  await db.insert(smsOutbox).values(message);
}

/** The newest messages "sent" to a mobile, newest first. */
export async function outboxOf(db: Db, mobile: string, limit = 10) {
  return db
    .select({ scene: smsOutbox.scene, text: smsOutbox.text, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
}
