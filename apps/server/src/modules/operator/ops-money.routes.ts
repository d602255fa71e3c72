import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maskAccount, opsEndpoints as ep } from '@mchweb/contract';
import { addDays, dayOf } from '../../business-day.ts';
import { invalid, ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { reconcileDay } from '../../reconcile.ts';
import { route } from '../../route.ts';
import { companiesByIds } from '../company/index.ts';
import { receiversOwed } from '../ledger/index.ts';
import { settlementDays, settlementsForOps } from '../settlement/index.ts';
import { splitForOps } from '../split/index.ts';
import { payoutsInFlight } from '../transfer/index.ts';
import { decideMoneyAction, listMoneyActions, proposeMoneyAction } from './approval.service.ts';
import { OPS } from './operator.messages.ts';

/** Settlement runs, reconciliation, payouts in flight, split receivers owed, and the four-eyes money actions. */
export const opsMoneyRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config, reconcileChecks }) => {
  const tz = config.timezone;
  const names = async <R extends { companyId: number }>(rows: R[]) => {
    const companies = await companiesByIds(
      app.db,
      rows.map((r) => r.companyId),
    );
    return rows.map((r) => ({ ...r, companyName: companies.get(r.companyId)?.name ?? '' }));
  };

  route(app, ep.settlementRuns, async (request) => {
    const to = request.body.to ?? addDays(dayOf(new Date(), tz), -1);
    const from = request.body.from ?? addDays(to, -13);
    if (from > to) throw invalid(OPS.badRange);
    return ok(await settlementDays(app.db, from, to));
  });
  route(app, ep.settlementList, async (request) => {
    const page = await settlementsForOps(app.db, request.body);
    return ok({ ...page, rows: await names(page.rows) });
  });
  route(app, ep.reconcile, async (request) => {
    const found = await reconcileDay(app.db, reconcileChecks, request.body.day, { tz, settleAt: config.settleAt });
    return ok({ day: request.body.day, ...found, checkedAt: new Date().toISOString() });
  });
  route(app, ep.payouts, async (request) => {
    const page = await payoutsInFlight(app.db, request.body);
    return ok({ ...page, rows: await names(page.rows) });
  });
  route(app, ep.receiversOwed, async () => {
    const owed = await receiversOwed(app.db);
    const rows = [];
    for (const o of owed) {
      const { row, item } = await splitForOps(app.db, o.applyNo);
      const r = row.receivers[o.receiver];
      rows.push({
        applyNo: o.applyNo,
        receiver: o.receiver,
        name: r?.name ?? '',
        bankName: r?.bankName ?? null,
        accountNoMasked: r?.accountNo ? maskAccount(r.accountNo) : null,
        mchNo: item.mchNo,
        mchName: item.mchName,
        owedFen: o.owedFen,
      });
    }
    return ok(rows);
  });

  route(app, ep.approvalPropose, async (request) => ok(await proposeMoneyAction(app.db, request.actor, request.body)));
  route(app, ep.approvalList, async (request) => ok(await listMoneyActions(app.db, request.actor, request.body)));
  route(app, ep.approvalApprove, async (request) =>
    ok(await decideMoneyAction(app.db, request.actor, request.body, 'approve', tz)),
  );
  route(app, ep.approvalRefuse, async (request) =>
    ok(await decideMoneyAction(app.db, request.actor, request.body, 'refuse', tz)),
  );
  route(app, ep.approvalCancel, async (request) =>
    ok(await decideMoneyAction(app.db, request.actor, request.body, 'cancel', tz)),
  );
};
