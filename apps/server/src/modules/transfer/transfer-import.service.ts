import type { Tx } from '../../db/client.ts';
import { holdTransferMoney } from './transfer.service.ts';
import { payeeAccounts, transfers } from './transfer.tables.ts';

// Payee accounts and transfers made elsewhere, at given times (the sandbox's demo data): the rows, and for a
// transfer the same posting as a new one (its money held in transit); finishTransfer answers it like a channel.

export type ImportedPayee = Omit<typeof payeeAccounts.$inferInsert, 'id'>;
export type ImportedTransfer = Omit<typeof transfers.$inferInsert, 'id' | 'status'>;

/** Answers the payee account's id. */
export async function importPayee(tx: Tx, payee: ImportedPayee): Promise<number> {
  const [row] = await tx.insert(payeeAccounts).values(payee).returning({ id: payeeAccounts.id });
  return row!.id;
}

/** A PROCESSING transfer with its money held, refused like a new one when the merchant's available is short. */
export async function importTransfer(tx: Tx, transfer: ImportedTransfer) {
  const [row] = await tx.insert(transfers).values(transfer).returning();
  await holdTransferMoney(tx, row!);
}
