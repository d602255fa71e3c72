import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { systemActor } from '../src/actor.ts';
import { withPaymentAdapter } from '../src/channels.ts';
import { loadConfig } from '../src/config.ts';
import { setChannelAccounts } from '../src/modules/merchant/index.ts';
import { SANDBOX_CHANNELS } from '../src/sandbox/index.ts';
import { wechatPayChannel } from '../src/wechatpay/index.ts';
import { WechatPayFake, type NoticeOptions } from './fakes/wechatpay-fake.ts';
import { createTestApp } from './harness.ts';
import { codeFor } from './payment-fixtures.ts';
import { actions, runActions, type Delivery, type PropertyWorld } from './payments-property.ts';

// Money against WeChat Pay's fake answering late, twice or never: the property of payments-property.ts.
const RUNS = Number(process.env.FC_RUNS ?? 6);
const fake = new WechatPayFake();
let world: PropertyWorld;
const noticeOf = (d: Delivery): NoticeOptions | 'none' => (d === 'lost' ? 'none' : { times: d === 'twice' ? 2 : 1 });

beforeAll(async () => {
  await fake.start();
  const config = loadConfig({ NODE_ENV: 'test', ...fake.env('http://mchweb.test') });
  const t = await createTestApp({ config: { wechatPay: config.wechatPay, publicOrigin: 'http://mchweb.test' } });
  fake.deliver = async (url, headers, body) => {
    const res = await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
    return { status: res.statusCode, body: res.body };
  };
  await setChannelAccounts(t.database.db, systemActor('ops'), 'M100000001', { wechatSubMchid: '1900000109' });
  const processing = () => [...fake.refunds.values()].filter((r) => r.status === 'PROCESSING');
  world = {
    t,
    payer: t.client(),
    finance: await t.signIn('13800138002'),
    code: await codeFor(t.database.db, 'M100000001'),
    channels: withPaymentAdapter(SANDBOX_CHANNELS, 'WECHAT', wechatPayChannel(config.wechatPay!)),
    fake: {
      channel: 'WECHAT',
      async pay(orderNo, delivery) {
        if (fake.transactions.get(orderNo)?.state === 'NOTPAY') await fake.pay(orderNo, noticeOf(delivery));
      },
      async resend(orderNo) {
        const tx = fake.transactions.get(orderNo);
        if (tx && tx.state !== 'NOTPAY' && tx.state !== 'CLOSED') await fake.notifyPayment(orderNo);
      },
      async answerRefund(j, delivery) {
        const all = [...fake.refunds.values()];
        const r = all[j % Math.max(1, all.length)];
        if (r?.status === 'PROCESSING') await fake.finishRefund(r.outRefundNo, 'SUCCESS', noticeOf(delivery));
      },
      async finishAllRefunds() {
        for (const r of processing()) await fake.finishRefund(r.outRefundNo, 'SUCCESS', 'none');
      },
      paidThere: (orderNo) => ['SUCCESS', 'REFUND'].includes(fake.transactions.get(orderNo)!.state),
      refundedThere: (orderNo) =>
        [...fake.refunds.values()]
          .filter((r) => r.outTradeNo === orderNo && r.status === 'SUCCESS')
          .reduce((s, r) => s + r.refund, 0),
    },
  };
}, 180_000); // a fresh database with the demo data, RSA keys and the fake: slow on a loaded machine
afterAll(async () => {
  await world?.t.close();
  await fake.stop();
});

describe('money with a real channel answering late, twice or never (fast-check, the WeChat Pay fake)', () => {
  it(`the books hold and agree with the channel after ${RUNS} random sequences`, { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(actions, (list) => runActions(world, list)),
      { numRuns: RUNS },
    );
  });
});
