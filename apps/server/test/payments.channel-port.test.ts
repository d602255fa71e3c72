import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Channel, TransferItem } from '@mchweb/contract';
import type { Channels } from '../src/channels.ts';
import type { ChannelPayment, ChannelRefund } from '../src/payment-channel.ts';
import type { ChannelPayout } from '../src/payout-channel.ts';
import { SANDBOX_CHANNELS } from '../src/sandbox/index.ts';
import type { ModuleContext } from '../src/module.ts';
import { module as orderModule } from '../src/modules/order/index.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { codeFor, newKey, paid, pay } from './payment-fixtures.ts';

/**
 * The order and transfer modules reach a channel only through its port, chosen per channel from the registry
 * (issue 24): here the sandbox's adapters wrapped to record what they are asked, as a real adapter would be.
 */
const asked = {
  payments: [] as ChannelPayment[],
  refunds: [] as (ChannelRefund & { via: Channel })[],
  payouts: [] as ChannelPayout[],
};
const recording: Channels = {
  payment: (channel) => {
    const sandbox = SANDBOX_CHANNELS.payment(channel);
    return {
      ...sandbox,
      createPayment: async (p) => (asked.payments.push(p), sandbox.createPayment(p)),
      refund: async (r) => void asked.refunds.push({ ...r, via: channel }),
    };
  },
  payout: { ...SANDBOX_CHANNELS.payout, sendPayout: async (p) => void asked.payouts.push(p) },
};

let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await createTestApp({ channels: recording });
  owner = await t.signIn('13800138000');
});
afterAll(async () => t?.close());

describe('the channel ports (payment-channel.ts, payout-channel.ts)', () => {
  it('a new order is asked of its own channel once stored: our order number, the amount in fen', async () => {
    const code = await codeFor(t.database.db, 'M100000001', { label: 'Latte' });
    const order = await pay(t.client(), code, 1234, 'ALIPAY');
    expect(asked.payments.at(-1)).toMatchObject({
      orderNo: order.orderNo,
      channel: 'ALIPAY',
      amountFen: 1234,
      description: 'Latte',
    });
    expect(asked.payments.at(-1)!.expiresAt.toISOString()).toBe(order.expiresAt);
    // A refused order (a fixed amount not met) is never asked of a channel.
    const fixed = await codeFor(t.database.db, 'M100000001', { fixedAmountFen: 500 });
    const before = asked.payments.length;
    await t
      .client()
      .post('/api/pay/order', { codeNo: fixed, amountFen: 600, channel: 'WECHAT', idempotencyKey: newKey() });
    expect(asked.payments).toHaveLength(before);
  });

  it('a refund is asked of the order’s channel with our refund number, once; a refused one never', async () => {
    const code = await codeFor(t.database.db, 'M100000001');
    const orderNo = await paid(t.client(), code, 2000, 'UNIONPAY');
    const body = { orderNo, amountFen: 500, reason: 'Cold coffee', idempotencyKey: newKey() };
    const first = await owner.post<{ refundNo: string }>('/api/merchant/order/refund', body);
    expect(first.body.code).toBe(200);
    expect(asked.refunds).toEqual([
      {
        orderNo,
        merchant: { mchNo: 'M100000001', wechatSubMchid: null, alipaySmid: null, alipayAppAuthToken: null },
        refundNo: first.body.data.refundNo,
        amountFen: 500,
        totalFen: 2000,
        reason: 'Cold coffee',
        via: 'UNIONPAY',
      },
    ]);
    // The same key answers the same refund without asking again; more than is left is refused before any asking.
    expect((await owner.post('/api/merchant/order/refund', body)).body.data).toMatchObject(first.body.data);
    const over = await owner.post('/api/merchant/order/refund', { ...body, amountFen: 1600, idempotencyKey: newKey() });
    expect(over.body.code).toBe(409);
    expect(asked.refunds).toHaveLength(1);
  });

  it('the order module’s close job closes expired orders at their channel', async () => {
    const code = await codeFor(t.database.db, 'M100000001');
    const order = await pay(t.client(), code, 300, 'WECHAT');
    await t.database.db.execute(
      sql`update orders set created_at = created_at - interval '16 minutes' where order_no = ${order.orderNo}`,
    );
    const closed: { orderNo: string; via: Channel }[] = [];
    const channels: Channels = {
      ...recording,
      payment: (via) => ({
        ...recording.payment(via),
        closePayment: async (orderNo) => void closed.push({ orderNo, via }),
      }),
    };
    const [closer] = orderModule.jobs!({ config: t.config, channels } as ModuleContext);
    expect(closer).toMatchObject({ name: 'close unpaid orders', lock: 'rows' });
    await closer!.run({
      db: t.database.db,
      log: t.app.log,
      accessCache: t.app.accessCache,
      now: new Date(),
      stopped: () => false,
    });
    expect(closed).toEqual([{ orderNo: order.orderNo, via: 'WECHAT' }]);
    expect((await t.client().get<{ status: string }>(`/api/pay/order/${order.orderNo}`)).body.data.status).toBe(
      'CLOSED',
    );
  });

  it('a transfer is sent to the payout channel with its payee once the money is held', async () => {
    const payees = await owner.post<{ rows: { accountId: number; name: string }[] }>(
      '/api/merchant/transfer/account/list',
      {},
    );
    const card = payees.body.data.rows[0]!;
    const res = await owner.post<TransferItem>('/api/merchant/transfer/create', {
      mchNo: 'M100000001',
      accountId: card.accountId,
      amountFen: 100,
      remark: 'Port test',
      idempotencyKey: newKey(),
    });
    expect(res.body.code).toBe(200);
    expect(asked.payouts).toEqual([
      {
        transferNo: res.body.data.transferNo,
        amountFen: 100,
        payee: expect.objectContaining({ type: 'BANK_CARD', name: card.name }),
        remark: 'Port test',
      },
    ]);
  });
});
