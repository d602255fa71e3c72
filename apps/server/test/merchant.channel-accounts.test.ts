import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@mchweb/contract';
import { systemActor } from '../src/actor.ts';
import { BizError } from '../src/errors.ts';
import { getChannelAccounts, setChannelAccounts } from '../src/modules/merchant/index.ts';
import { OpsError } from '../src/ops-error.ts';
import { COMMANDS } from '../src/ops/cli.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ops = systemActor('ops');
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BizError);
  return err as BizError;
};

describe("a merchant's channel accounts", () => {
  it('start unset, are set field by field, and null clears one', async () => {
    const db = t.database.db;
    expect(await getChannelAccounts(db, 'M100000001')).toEqual({
      wechatSubMchid: null,
      alipaySmid: null,
      alipayAppAuthToken: null,
    });
    expect(await setChannelAccounts(db, ops, 'M100000001', { wechatSubMchid: '1900000109' })).toEqual({
      wechatSubMchid: '1900000109',
      alipaySmid: null,
      alipayAppAuthToken: null,
    });
    await setChannelAccounts(db, ops, 'M100000001', { alipaySmid: '2088102146225135', alipayAppAuthToken: 'tok-1' });
    expect(await getChannelAccounts(db, 'M100000001')).toEqual({
      wechatSubMchid: '1900000109',
      alipaySmid: '2088102146225135',
      alipayAppAuthToken: 'tok-1',
    });
    await setChannelAccounts(db, ops, 'M100000001', { alipayAppAuthToken: null });
    expect((await getChannelAccounts(db, 'M100000001')).alipayAppAuthToken).toBeNull();
    // Another merchant's stay its own.
    expect((await getChannelAccounts(db, 'M100000002')).wechatSubMchid).toBeNull();
  });

  it('refuses malformed ids naming the field, and an unknown merchant, changing nothing', async () => {
    const db = t.database.db;
    await setChannelAccounts(db, ops, 'M100000002', { wechatSubMchid: '1900000110' });
    for (const [accounts, field] of [
      [{ wechatSubMchid: '190000011' }, 'wechatSubMchid'],
      [{ wechatSubMchid: '19000001100' }, 'wechatSubMchid'],
      [{ wechatSubMchid: '19000OO110' }, 'wechatSubMchid'],
      [{ alipaySmid: '2099102146225135' }, 'alipaySmid'],
      [{ alipaySmid: '208810214622513' }, 'alipaySmid'],
      [{ alipayAppAuthToken: '  ' }, 'alipayAppAuthToken'],
      [{ wechatSubMchid: '1900000111', alipayAppAuthToken: '' }, 'alipayAppAuthToken'],
    ] as const) {
      const err = await refusal(setChannelAccounts(db, ops, 'M100000002', accounts));
      expect(err.code).toBe(400);
      expect(err.text['en-US']).toMatch(new RegExp(`^${field}: `));
      expect(err.text['zh-CN']).toMatch(new RegExp(`^${field}: `));
    }
    expect((await getChannelAccounts(db, 'M100000002')).wechatSubMchid).toBe('1900000110');
    expect((await refusal(getChannelAccounts(db, 'M999999999'))).code).toBe(404);
    expect((await refusal(setChannelAccounts(db, ops, 'M999999999', { wechatSubMchid: '1900000110' }))).code).toBe(404);
  });

  it('npm run ops -- merchant:channel-accounts shows and sets them; the change is audited without the token', async () => {
    const run = COMMANDS['merchant:channel-accounts']!.run;
    const db = t.database.db;
    expect(await run(db, ['M100000002'])).toMatch(/WeChat Pay sub_mchid\s+1900000110/);
    const out = await run(db, [
      'M100000002',
      '--wechat-sub-mchid',
      'none',
      '--alipay-smid',
      '2088102146225136',
      '--alipay-app-auth-token',
      '202511BB0123456789abcdef',
    ]);
    expect(out).toMatch(/WeChat Pay sub_mchid\s+\(not set\)/);
    expect(out).toMatch(/Alipay smid\s+2088102146225136/);
    expect(out).not.toContain('202511BB0123456789abcdef');
    await expect(run(db, ['M100000002', '--wechat-sub-mchid', '12'])).rejects.toThrow(
      new OpsError('wechatSubMchid: a WeChat Pay sub-merchant id (sub_mchid) is 10 digits'),
    );
    await expect(run(db, ['M100000002', '--sub', '1'])).rejects.toThrow(OpsError);
    // The owner of the merchant's organisation reads the operator's change in its audit log.
    const owner = await t.signIn('13800138000');
    const audit = (await owner.get<AuditPage>('/api/merchant/audit/list', {})).body.data;
    const entry = audit.items.find((r) => r.action === 'merchant.channel-accounts');
    expect(entry?.targetId).toBe('M100000002');
    expect(JSON.stringify(entry)).not.toContain('202511BB0123456789abcdef');
  });
});
