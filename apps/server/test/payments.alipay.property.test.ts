import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { systemActor } from '../src/actor.ts';
import { alipayChannel } from '../src/alipay/index.ts';
import { withPaymentAdapter } from '../src/channels.ts';
import { loadConfig } from '../src/config.ts';
import { setChannelAccounts } from '../src/modules/merchant/index.ts';
import { SANDBOX_CHANNELS } from '../src/sandbox/index.ts';
import { AlipayFake, injectedInto, type AlipayNoticeOptions } from './fakes/alipay-fake.ts';
import { createTestApp } from './harness.ts';
import { codeFor } from './payment-fixtures.ts';
import { actions, runActions, type Delivery, type PropertyWorld } from './payments-property.ts';

// Money against Alipay's fake answering late, twice or never: the property of payments-property.ts.
const RUNS = Number(process.env.FC_RUNS ?? 6);
const fake = new AlipayFake();
let world: PropertyWorld;
const noticeOf = (d: Delivery): AlipayNoticeOptions | 'none' =>
  d === 'lost' ? 'none' : { times: d === 'twice' ? 2 : 1 };

beforeAll(async () => {
  await fake.start();
  const config = loadConfig({ NODE_ENV: 'test', ...fake.env('http://mchweb.test') });
  const t = await createTestApp({ config: { alipay: config.alipay, publicOrigin: 'http://mchweb.test' } });
  fake.deliver = injectedInto(t.app);
  await setChannelAccounts(t.database.db, systemActor('ops'), 'M100000001', { alipaySmid: '2088000000000001' });
  const processing = () => [...fake.refunds.values()].filter((r) => r.status === 'PROCESSING');
  world = {
    t,
    payer: t.client(),
    finance: await t.signIn('13800138002'),
    code: await codeFor(t.database.db, 'M100000001'),
    channels: withPaymentAdapter(SANDBOX_CHANNELS, 'ALIPAY', alipayChannel(config.alipay!)),
    fake: {
      channel: 'ALIPAY',
      async pay(orderNo, delivery) {
        if (fake.trades.get(orderNo)?.status === 'WAIT_BUYER_PAY') await fake.pay(orderNo, noticeOf(delivery));
      },
      async resend(orderNo) {
        // Alipay repeats a trade's notice while unanswered; a trade refunded in full is TRADE_CLOSED by then.
        if (fake.trades.get(orderNo)?.status === 'TRADE_SUCCESS') await fake.notifyTrade(orderNo);
      },
      async answerRefund(j, delivery) {
        const all = [...fake.refunds.values()];
        const r = all[j % Math.max(1, all.length)];
        if (r?.status === 'PROCESSING') await fake.finishRefund(r.outRequestNo, noticeOf(delivery));
      },
      async finishAllRefunds() {
        for (const r of processing()) await fake.finishRefund(r.outRequestNo, 'none');
      },
      paidThere: (orderNo) => fake.trades.get(orderNo)!.paidAt !== null,
      refundedThere: (orderNo) =>
        [...fake.refunds.values()]
          .filter((r) => r.outTradeNo === orderNo && r.status === 'REFUND_SUCCESS')
          .reduce((s, r) => s + r.amount, 0),
    },
  };
}, 180_000);
afterAll(async () => {
  await world?.t.close();
  await fake.stop();
});

describe('money with a real channel answering late, twice or never (fast-check, the Alipay fake)', () => {
  it(`the books hold and agree with the channel after ${RUNS} random sequences`, { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(actions, (list) => runActions(world, list)),
      { numRuns: RUNS },
    );
  });
});
