import { PAID_STATUSES, type Channel, type OrderStatus } from '@mchweb/contract';
import { addDays, dayOf, dayStart } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import type { ReconcileCheck } from '../../module.ts';
import { postingsOf } from '../ledger/index.ts';
import { channelDayLines, paymentsByNo, type ChannelDayLine } from '../order/index.ts';
import { downloadsOf, linesOf, STATEMENT_READY_AT, STATEMENT_TZ } from './statement.service.ts';

type Line = Pick<ChannelDayLine, 'orderNo' | 'refundNo' | 'channelTradeNo' | 'amountFen'>;
const keyOf = (l: { orderNo: string; refundNo?: string | null }) => (l.refundNo ? `R ${l.refundNo}` : `P ${l.orderNo}`);
const what = (l: Line) => (l.refundNo ? `refund ${l.refundNo} of ${l.orderNo}` : `payment ${l.orderNo}`);

/**
 * A downloaded statement against our side, one channel-day (China's day, as the channels count them). Each line
 * of theirs is matched by number with our order or refund: missing here, its state (paid there, not here; a
 * refund done there and processing or failed here), its amount, its trade number; each payment or refund of ours
 * that day must be on their statement (or on the next or previous day's, for what happened at midnight); and what
 * matched must be in the ledger (a PAYMENT or REFUND posting of its number).
 */
async function statementDifferences(db: Tx, channel: Channel, day: string): Promise<string[]> {
  const start = dayStart(day, STATEMENT_TZ);
  const end = dayStart(addDays(day, 1), STATEMENT_TZ);
  const theirs = await linesOf(db, channel, [day]);
  const around = new Set((await linesOf(db, channel, [addDays(day, -1), addDays(day, 1)])).map(keyOf));
  const ours = await channelDayLines(db, channel, start, end);
  const known = await paymentsByNo(
    db,
    theirs.filter((l) => !l.refundNo).map((l) => l.orderNo),
    theirs.flatMap((l) => (l.refundNo ? [l.refundNo] : [])),
  );
  const say = (l: Line, problem: string) => `${channel} statement ${day}: ${what(l)}${problem}`;
  const differences: string[] = [];
  const postingsDue = new Map<number, { refNo: string; kind: string; line: Line }[]>();
  const due = (companyId: number, refNo: string, kind: string, line: Line) =>
    postingsDue.set(companyId, [...(postingsDue.get(companyId) ?? []), { refNo, kind, line }]);
  for (const l of theirs) {
    const line = { ...l, refundNo: l.refundNo ?? undefined };
    if (!l.refundNo) {
      const o = known.orders.get(l.orderNo);
      if (!o || o.channel !== channel) differences.push(say(line, ` (${l.amountFen} fen): on theirs, missing on ours`));
      else if (!PAID_STATUSES.includes(o.status as OrderStatus))
        differences.push(say(line, `: state differs, paid on theirs, ${o.status} on ours`));
      else if (o.amountFen !== l.amountFen)
        differences.push(say(line, `: amount differs, ${l.amountFen} fen on theirs, ${o.amountFen} on ours`));
      else if (o.channelTradeNo && o.channelTradeNo !== l.channelTradeNo)
        differences.push(
          say(line, `: trade number differs, ${l.channelTradeNo} on theirs, ${o.channelTradeNo} on ours`),
        );
      else due(o.companyId, l.orderNo, 'PAYMENT', line);
      continue;
    }
    const r = known.refunds.get(l.refundNo);
    if (!r || r.orderNo !== l.orderNo)
      differences.push(say(line, ` (${-l.amountFen} fen): on theirs, missing on ours`));
    else if (r.status !== 'SUCCESS')
      differences.push(say(line, `: state differs, refunded on theirs, ${r.status} on ours`));
    else if (r.amountFen !== -l.amountFen)
      differences.push(say(line, `: amount differs, ${-l.amountFen} fen on theirs, ${r.amountFen} on ours`));
    else due(r.companyId, l.refundNo, 'REFUND', line);
  }
  const onTheirs = new Set(theirs.map(keyOf));
  for (const l of ours)
    if (!onTheirs.has(keyOf(l)) && !around.has(keyOf(l)))
      differences.push(say(l, ` (${Math.abs(l.amountFen)} fen): on ours, missing on theirs`));
  for (const [companyId, wanted] of postingsDue) {
    const posted = new Set(
      (await postingsOf(db, companyId, [...new Set(wanted.map((w) => w.refNo))])).map((p) => `${p.kind} ${p.refNo}`),
    );
    for (const w of wanted)
      if (!posted.has(`${w.kind} ${w.refNo}`)) differences.push(say(w.line, `: no ${w.kind} in the ledger`));
  }
  return differences;
}

/**
 * The statements' part of reconciliation (`npm run ops -- reconcile`, the nightly run, and the statement job once
 * a statement arrives). A channel that has published statements before but not yet this day's is open, not a
 * difference: its statement comes the next morning, after the nightly run.
 */
export const statementReconcileCheck: ReconcileCheck = {
  name: 'statements',
  async check(db, { day, now }) {
    const { rows, givenUp, channels } = await downloadsOf(db, [day]);
    const differences: string[] = [];
    const open: string[] = [];
    for (const channel of channels) {
      const gaveUp = givenUp.find((r) => r.channel === channel);
      if (rows.some((r) => r.channel === channel)) differences.push(...(await statementDifferences(db, channel, day)));
      // The queue stopped trying: nothing will come unless the operator fetches it.
      else if (gaveUp)
        differences.push(
          `${channel}: the statement of ${day} was not downloaded, given up after ${gaveUp.tries} ${gaveUp.tries === 1 ? 'try' : 'tries'} (${gaveUp.lastError}); ` +
            `fetch it: npm run ops -- statement:fetch --channel ${channel} --date ${day}`,
        );
      else if (day < dayOf(now, STATEMENT_TZ))
        open.push(
          `${channel}: the statement of ${day} is not downloaded yet (published after ${STATEMENT_READY_AT[channel]} ` +
            'China time the next day)',
        );
    }
    return { differences, open };
  },
};
