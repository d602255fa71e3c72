import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  balance,
  balanceQuery,
  envelopeSchema,
  fundsSmsAnswer,
  fundsSmsBody,
  payeeAccount,
  payeeAddBody,
  payeeListBody,
  payeePage,
  payeeRemoveBody,
  transferCreateBody,
  transferDetailQuery,
  transferFilter,
  transferItem,
  transferListBody,
  transferPage,
  transferRules,
  transferSummary,
} from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { sendFundsCode } from './funds-sms.service.ts';
import { addPayee, listPayees, removePayee } from './payee.service.ts';
import {
  listTransfers,
  transferDetail,
  transferItem as itemOf,
  transferSummary as summaryOf,
} from './transfer-query.service.ts';
import { balanceOf, createTransfer, transferRules as rulesOf } from './transfer.service.ts';

const tags = ['transfer'];

/** Balances, payee accounts (/transfer-account) and transfers (/transfer-list) of the current organisation. */
const transferRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config, smsSender, channels }) => {
  const settings = {
    tz: config.timezone,
    smsAboveFen: config.transferSmsAboveFen,
    dailyLimitFen: config.transferDailyLimitFen,
  };
  app.get('/balance', {
    config: { access: 'transfer:view' },
    schema: {
      tags,
      summary: "A merchant's pending, available and in-transit money",
      querystring: balanceQuery,
      response: { 200: envelopeSchema(balance) },
    },
    handler: async (request) => ok(await balanceOf(app.db, request.actor, request.query.mchNo)),
  });
  app.get('/transfer/rules', {
    config: { access: 'transfer:view' },
    schema: {
      tags,
      summary: 'The SMS threshold, the daily limit and where the code goes',
      querystring: z.strictObject({}),
      response: { 200: envelopeSchema(transferRules) },
    },
    handler: async (request) => ok(await rulesOf(app.db, request.actor, settings)),
  });
  app.post('/funds/sms/send', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: "A code to the organisation's contact mobile (payee:edit or transfer:create)",
      body: fundsSmsBody,
      response: { 200: envelopeSchema(fundsSmsAnswer) },
    },
    handler: async (request) => ok(await sendFundsCode(app.db, smsSender, request.actor, request.body.purpose)),
  });
  app.post('/transfer/account/list', {
    config: { access: 'payee:view' },
    schema: {
      tags,
      summary: 'Payee accounts, newest first',
      body: payeeListBody,
      response: { 200: envelopeSchema(payeePage) },
    },
    handler: async (request) => ok(await listPayees(app.db, request.actor, request.body)),
  });
  app.post('/transfer/account/add', {
    config: { access: 'payee:edit' },
    schema: {
      tags,
      summary: "Add a payee account with the contact mobile's SMS code",
      body: payeeAddBody,
      response: { 200: envelopeSchema(payeeAccount) },
    },
    handler: async (request) => ok(await addPayee(app.db, request.actor, request.body)),
  });
  app.post('/transfer/account/remove', {
    config: { access: 'payee:edit' },
    schema: {
      tags,
      summary: 'Remove a payee account (its transfers keep naming it)',
      body: payeeRemoveBody,
      response: { 200: envelopeSchema(z.object({ accountId: z.number().int() })) },
    },
    handler: async (request) => ok(await removePayee(app.db, request.actor, request.body.accountId)),
  });
  app.post('/transfer/create', {
    config: { access: 'transfer:create' },
    schema: {
      tags,
      summary: 'Transfer out of the available balance (PROCESSING until the payout channel answers)',
      body: transferCreateBody,
      response: { 200: envelopeSchema(transferItem) },
    },
    handler: async (request) =>
      ok(await itemOf(app.db, await createTransfer(app.db, request.actor, request.body, settings, channels.payout))),
  });
  app.post('/transfer/list', {
    config: { access: 'transfer:view' },
    schema: {
      tags,
      summary: 'Transfers of the filter (default the last 7 days), newest first',
      body: transferListBody,
      response: { 200: envelopeSchema(transferPage) },
    },
    handler: async (request) => ok(await listTransfers(app.db, request.actor, request.body, settings.tz)),
  });
  app.post('/transfer/summary', {
    config: { access: 'transfer:view' },
    schema: {
      tags,
      summary: 'Totals of the same filter by status',
      body: transferFilter,
      response: { 200: envelopeSchema(transferSummary) },
    },
    handler: async (request) => ok(await summaryOf(app.db, request.actor, request.body, settings.tz)),
  });
  app.get('/transfer/detail', {
    config: { access: 'transfer:view' },
    schema: {
      tags,
      summary: 'One transfer',
      querystring: transferDetailQuery,
      response: { 200: envelopeSchema(transferItem) },
    },
    handler: async (request) => ok(await transferDetail(app.db, request.actor, request.query.transferNo)),
  });
};
export default transferRoutes;
