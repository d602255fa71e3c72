import type { Channel, MovementKind, MovementRow } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import type { MovementLine } from '../ledger/index.ts';
import { merchantNamesOf } from '../merchant/index.ts';
import { orderNosOfRefunds } from '../order/index.ts';

/**
 * Ledger lines as the rows a settlement's detail and a bill show: a payment's amount and fee, a refund's amount
 * and the fee it gave back (negative), a failed refund's return (negative amount, fee back), and what each moved
 * on the merchant's pending money.
 */
export async function movementRows(db: Tx, lines: MovementLine[]): Promise<MovementRow[]> {
  const [names, orderOf] = await Promise.all([
    merchantNamesOf(
      db,
      lines.map((l) => l.merchantId),
    ),
    orderNosOfRefunds(
      db,
      lines.filter((l) => l.kind !== 'PAYMENT').map((l) => l.refNo),
    ),
  ]);
  return lines.map((l) => ({
    kind: l.kind as MovementKind,
    refNo: l.refNo,
    orderNo: l.kind === 'PAYMENT' ? l.refNo : (orderOf.get(l.refNo) ?? ''),
    mchNo: names.get(l.merchantId)?.mchNo ?? '',
    channel: l.channel as Channel,
    amountFen: l.kind === 'PAYMENT' ? -l.clearingFen : l.clearingFen,
    feeFen: l.feeFen,
    netFen: l.accountFen,
    at: l.at.toISOString(),
  }));
}
