import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsEndpoints as ep, type CompanyStatus } from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import {
  changeCompanyStatus,
  companiesByIds,
  companyForOps,
  searchCompanies,
  type CompanyAction,
} from '../company/index.ts';
import {
  changeMerchantAsOperator,
  getChannelAccounts,
  merchantCountsByCompany,
  merchantForOps,
  searchMerchants,
  setChannelAccounts,
  type MerchantAction,
} from '../merchant/index.ts';
import { recordOperatorAction } from './operator-audit.service.ts';

/** The channel accounts as answers show them: never the app_auth_token itself. */
const accountsView = (a: {
  wechatSubMchid: string | null;
  alipaySmid: string | null;
  alipayAppAuthToken: string | null;
}) => ({
  wechatSubMchid: a.wechatSubMchid,
  alipaySmid: a.alipaySmid,
  alipayAppAuthTokenSet: a.alipayAppAuthToken !== null,
});

/** Merchants and organisations of every organisation: search, detail, freeze, unfreeze, close. */
export const opsMerchantRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app) => {
  async function merchantRows(db: Tx, rows: Awaited<ReturnType<typeof searchMerchants>>['rows']) {
    const companies = await companiesByIds(
      db,
      rows.map((r) => r.companyId),
    );
    return rows.map((m) => ({
      mchNo: m.mchNo,
      name: m.name,
      shortName: m.shortName,
      type: m.type,
      status: m.status,
      companyId: m.companyId,
      companyName: companies.get(m.companyId)?.name ?? '',
      channels: m.channels,
      createdAt: m.createdAt,
    }));
  }

  route(app, ep.merchantList, async (request) => {
    const f = request.body;
    const companyIds = f.q ? (await searchCompanies(app.db, { q: f.q, limit: 100 })).rows.map((c) => c.companyId) : [];
    const page = await searchMerchants(app.db, { ...f, companyIds });
    return ok({ ...page, rows: await merchantRows(app.db, page.rows) });
  });

  route(app, ep.merchantDetail, async (request) => {
    const { companyId, merchantId: _id, ...detail } = await merchantForOps(app.db, request.query.mchNo);
    const company = (await companiesByIds(app.db, [companyId])).get(companyId);
    return ok({
      ...detail,
      companyId,
      companyName: company?.name ?? '',
      companyStatus: company?.status ?? 'ACTIVE',
      channelAccounts: accountsView(await getChannelAccounts(app.db, detail.mchNo)),
    });
  });

  const changeMerchant = (action: MerchantAction) => async (actor: Actor, input: { mchNo: string; reason: string }) =>
    app.db.transaction(async (tx) => {
      const { from, to } = await changeMerchantAsOperator(tx, actor, input, action);
      await recordOperatorAction(tx, actor, {
        action: `merchant.${action}`,
        targetType: 'merchant',
        targetId: input.mchNo,
        before: { status: from },
        after: { status: to },
        reason: input.reason,
      });
      return { mchNo: input.mchNo, status: to };
    });
  route(app, ep.merchantFreeze, async (request) => ok(await changeMerchant('freeze')(request.actor, request.body)));
  route(app, ep.merchantUnfreeze, async (request) => ok(await changeMerchant('unfreeze')(request.actor, request.body)));
  route(app, ep.merchantClose, async (request) => ok(await changeMerchant('close')(request.actor, request.body)));

  route(app, ep.merchantChannelAccounts, async (request) => {
    const { mchNo, ...accounts } = request.body;
    return ok(
      await app.db.transaction(async (tx) => {
        const before = accountsView(await getChannelAccounts(tx, mchNo));
        const after = accountsView(await setChannelAccounts(tx, request.actor, mchNo, accounts));
        await recordOperatorAction(tx, request.actor, {
          action: 'merchant.channelAccounts',
          targetType: 'merchant',
          targetId: mchNo,
          before,
          after,
        });
        return after;
      }),
    );
  });

  route(app, ep.companyList, async (request) => {
    const page = await searchCompanies(app.db, request.body);
    const counts = await merchantCountsByCompany(
      app.db,
      page.rows.map((c) => c.companyId),
    );
    return ok({ ...page, rows: page.rows.map((c) => ({ ...c, merchantCount: counts.get(c.companyId) ?? 0 })) });
  });

  route(app, ep.companyDetail, async (request) => {
    const company = await companyForOps(app.db, request.query.companyId);
    const merchants = await searchMerchants(app.db, { companyId: company.companyId, limit: 100 });
    return ok({
      ...company,
      merchantCount: merchants.rows.length,
      merchants: await merchantRows(app.db, merchants.rows),
    });
  });

  const changeCompany = (action: CompanyAction) => async (actor: Actor, input: { companyId: number; reason: string }) =>
    app.db.transaction(async (tx) => {
      const before = await companyForOps(tx, input.companyId);
      const status: CompanyStatus = await changeCompanyStatus(tx, actor, input.companyId, action, input.reason);
      await recordOperatorAction(tx, actor, {
        action: `company.${action}`,
        targetType: 'company',
        targetId: input.companyId,
        before: { status: before.status, statusReason: before.statusReason },
        after: { status, statusReason: status === 'ACTIVE' ? null : input.reason },
        reason: input.reason,
      });
      return { companyId: input.companyId, status };
    });
  route(app, ep.companyFreeze, async (request) => ok(await changeCompany('freeze')(request.actor, request.body)));
  route(app, ep.companyUnfreeze, async (request) => ok(await changeCompany('unfreeze')(request.actor, request.body)));
  route(app, ep.companyClose, async (request) => ok(await changeCompany('close')(request.actor, request.body)));
};
