import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOUNT_MAX_FEN, feeOf, feeRefundOf } from '@mchweb/contract';
import { feeRefundSql, feeSql } from '../src/modules/order/order-fee-sql.ts';
import { freshDatabase } from './harness.ts';

// The fee rule in SQL (the bulk writer of past orders works out its fees in the database) must agree with the
// contract's to the fen: the fee of a payment and the fee given back by a first refund.
let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => database.drop());

const RUNS = Number(process.env.FC_RUNS ?? 20);

describe('the fee rule in SQL', () => {
  it('agrees with feeOf and feeRefundOf for any amount, rate and refund', async () => {
    const order = fc
      .record({ amountFen: fc.integer({ min: 1, max: AMOUNT_MAX_FEN }), rateTenths: fc.integer({ min: 0, max: 1000 }) })
      .chain((o) => fc.record({ o: fc.constant(o), refundFen: fc.integer({ min: 0, max: o.amountFen }) }));
    // Many orders per query: the edges of rounding (x.5 fen) are where the two could part.
    const edges = [
      { o: { amountFen: 131, rateTenths: 38 }, refundFen: 0 },
      { o: { amountFen: 132, rateTenths: 38 }, refundFen: 66 },
      { o: { amountFen: AMOUNT_MAX_FEN, rateTenths: 1000 }, refundFen: AMOUNT_MAX_FEN },
      { o: { amountFen: 1, rateTenths: 0 }, refundFen: 1 },
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(order, { minLength: 1, maxLength: 200 }), async (cases) => {
        const all = [...edges, ...cases];
        const values = sql.join(
          all.map((c) => sql`(${c.o.amountFen}::bigint, ${c.o.rateTenths}::bigint, ${c.refundFen}::bigint)`),
          sql`, `,
        );
        const { rows } = (await database.db.execute(sql`
          select (${feeSql(sql`amount`, sql`rate`)})::text as fee,
            (${feeRefundSql(feeSql(sql`amount`, sql`rate`), sql`refunded`, sql`amount`)})::text as back
          from (values ${values}) as v(amount, rate, refunded)`)) as unknown as {
          rows: { fee: string; back: string }[];
        };
        const expected = all.map((c) => {
          const fee = feeOf(c.o.amountFen, c.o.rateTenths);
          const back =
            c.refundFen === 0
              ? 0
              : feeRefundOf(
                  { amountFen: c.o.amountFen, feeFen: fee },
                  { refundedFen: 0, feeRefundedFen: 0 },
                  c.refundFen,
                );
          return { fee: String(fee), back: String(back) };
        });
        expect(rows).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });
});
