import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import {
  API_KEY_SCOPES,
  isOpsPermission,
  isPermission,
  PERMISSIONS,
  type CodeBatchPage,
  type SettlementPage,
  type CompanyInfo,
  type ApplicationPage,
  type InvitePage,
  type Role,
  type StaffMember,
} from '@mchweb/contract';
import { withCheckChar } from '../src/sandbox/seed-demo.ts';
import { merchantIdByNo } from '../src/modules/merchant/index.ts';
import { users } from '../src/modules/user/user.tables.ts';
import { createSession } from '../src/modules/session/session.service.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { api, createKey } from './developer-fixtures.ts';
import { upload } from './onboarding-fixtures.ts';
import { operatorAtCodeStep, signedInOperator as operatorWithRoles } from './ops-fixtures.ts';
import { codeFor, paid } from './payment-fixtures.ts';
import { payeeAccounts } from '../src/modules/transfer/transfer.tables.ts';

/*
 * S6.4: the route table drives this test. Every Fastify instance the app builds gets an onRoute hook before any
 * route is registered, so every route (of every area, present and future) is collected with its config.access
 * and its zod schemas. A new route is covered without anyone remembering to add it; when its body needs values
 * the test cannot guess, the test fails and says which sample to add.
 */
const routes = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof FastifyModule>();
  const create = ((opts?: object) => {
    const app = mod.default(opts);
    app.addHook('onRoute', (route) => void routes.push(route));
    return app;
  }) as unknown as typeof mod.default;
  return { ...mod, default: create };
});

/** Ids to put in a request: the caller's own, or another organisation's. */
interface Ids {
  companyId: number;
  memberId: number;
  roleId: number;
  /** An invitation to join the organisation, sent to a mobile that is none of the test's users. */
  invitationId: number;
  /** Numbers of an organisation's objects are ids too: a merchant, an application, an invitation, an upload. */
  mchNo: string;
  applyNo: string;
  inviteNo: string;
  fileId: string;
  /** A paid order, and the bound code it was paid on. */
  orderNo: string;
  codeNo: string;
  /** A batch of payment codes (its printable sheet). */
  batchNo: string;
  /** A settlement of the demo data. */
  settleNo: string;
  /** A payee account and a transfer to it. */
  accountId: number;
  transferNo: string;
  /** A profit-sharing application (its field is `applyNo`, as the onboarding application's). */
  splitApplyNo: string;
  /** An API key of the organisation (issue 30). */
  keyId: string;
  /** A webhook endpoint of the organisation and a delivery to it (issue 30). */
  endpointId: number;
  deliveryId: number;
}

/** Routes whose id field takes another of the Ids than its own name. */
const ID_ALIASES: Record<string, Record<string, string>> = {
  'GET /api/merchant/div/detail': { applyNo: 'splitApplyNo' },
  'POST /api/merchant/div/cancel': { applyNo: 'splitApplyNo' },
};
type Sample = (ids: Ids) => Record<string, unknown>;

/** Valid requests for routes whose body or query cannot be empty. Keys ending in Id take the given ids. */
const SAMPLES: Record<string, Sample> = {
  'POST /api/merchant/user/changePassword': () => ({ oldPassword: 'Old12345', newPassword: 'New12345' }),
  'POST /api/merchant/feeManager/addCompany': () => ({
    companyName: 'Sample Trading Ltd',
    creditCode: withCheckChar('91330100MA9999999'),
    contactName: 'Sample',
    contactMobile: '13900000000',
  }),
  'POST /api/merchant/feeManager/updateCompany': () => ({ companyName: 'Sample Trading Ltd', contactName: 'Sample' }),
  'POST /api/merchant/feeManager/openFeeManager': () => ({ agreed: true }),
  'POST /api/merchant/feeManager/bindingMobile': () => ({ mobile: '13900000000', smsCode: '123456' }),
  'GET /api/merchant/feeManager/breakBind': (ids) => ({ companyId: ids.companyId }),
  'POST /api/websession/changeCompany': (ids) => ({ companyId: ids.companyId }),
  'POST /api/merchant/staff/invite': (ids) => ({ mobile: '13900000000', roleId: ids.roleId }),
  'POST /api/merchant/staff/setRole': (ids) => ({ memberId: ids.memberId, roleId: ids.roleId }),
  'POST /api/merchant/staff/setStatus': (ids) => ({ memberId: ids.memberId, status: 'DISABLED' }),
  'POST /api/merchant/staff/remove': (ids) => ({ memberId: ids.memberId }),
  'POST /api/merchant/staff/setMerchants': (ids) => ({ memberId: ids.memberId, merchantIds: null }),
  // Signed in: the invitee's own answer; an invitation to another mobile is not found.
  'POST /api/merchant/staff/invitation/accept': (ids) => ({ invitationId: ids.invitationId }),
  'POST /api/merchant/staff/invitation/decline': (ids) => ({ invitationId: ids.invitationId }),
  'POST /api/merchant/role/save': (ids) => ({ roleId: ids.roleId, name: 'Sample role', permissions: [] }),
  'POST /api/merchant/role/delete': (ids) => ({ roleId: ids.roleId }),
  'GET /api/merchant/merchant/detail': (ids) => ({ mchNo: ids.mchNo }),
  'POST /api/merchant/merchant/freeze': (ids) => ({ mchNo: ids.mchNo, reason: 'Sample reason' }),
  'POST /api/merchant/merchant/unfreeze': (ids) => ({ mchNo: ids.mchNo }),
  'POST /api/merchant/inco/save': (ids) => ({ applyNo: ids.applyNo, subject: { name: 'Sample shop' } }),
  'POST /api/merchant/inco/submit': (ids) => ({ applyNo: ids.applyNo }),
  'POST /api/merchant/inco/cancel': (ids) => ({ applyNo: ids.applyNo }),
  'GET /api/merchant/inco/detail': (ids) => ({ applyNo: ids.applyNo }),
  'GET /api/merchant/inco/progress': (ids) => ({ applyNo: ids.applyNo }),
  'POST /api/merchant/inco/invite/revoke': (ids) => ({ inviteNo: ids.inviteNo }),
  'GET /api/merchant/inco/file/:fileId': (ids) => ({ fileId: ids.fileId }),
  // Public: the invitation is the credential (its holder may be anyone).
  'GET /api/pay/inco/:inviteNo': (ids) => ({ inviteNo: ids.inviteNo }),
  'POST /api/pay/inco/save': (ids) => ({ inviteNo: ids.inviteNo, subject: { name: 'Sample shop' } }),
  'POST /api/pay/inco/submit': (ids) => ({ inviteNo: ids.inviteNo }),
  'GET /api/pay/inco/file/:fileId': (ids) => ({ fileId: ids.fileId, inviteNo: ids.inviteNo }),
  'GET /api/merchant/order/detail': (ids) => ({ orderNo: ids.orderNo }),
  'POST /api/merchant/order/refund': (ids) => ({
    orderNo: ids.orderNo,
    amountFen: 1,
    reason: 'Sample reason',
    idempotencyKey: 'sample-refund-key',
  }),
  'POST /api/merchant/exportOrder': () => ({ filter: {}, format: 'csv' }),
  // Public: the code number and the order number are the payer's credentials.
  'GET /api/pay/code/:codeNo': (ids) => ({ codeNo: ids.codeNo }),
  'POST /api/pay/order': (ids) => ({
    codeNo: ids.codeNo,
    amountFen: 100,
    channel: 'WECHAT',
    idempotencyKey: 'sample-payment-key',
  }),
  'GET /api/pay/order/:orderNo': (ids) => ({ orderNo: ids.orderNo }),
  'POST /api/pay/sandbox/notify': (ids) => ({ orderNo: ids.orderNo, result: 'SUCCESS' }),
  'POST /api/pay/sandbox/refund-notify': () => ({ refundNo: 'R20260101000000000000', result: 'SUCCESS' }),
  'POST /api/merchant/code/batch/create': () => ({ count: 1 }),
  'POST /api/merchant/code/bind': (ids) => ({ codeNo: ids.codeNo, mchNo: ids.mchNo, fixedAmountFen: 100 }),
  'POST /api/merchant/code/unbind': (ids) => ({ codeNo: ids.codeNo }),
  'POST /api/merchant/code/disable': (ids) => ({ codeNo: ids.codeNo }),
  'GET /api/merchant/code/sheet': (ids) => ({ batchNo: ids.batchNo }),
  'GET /api/merchant/settlement/detail': (ids) => ({ settleNo: ids.settleNo }),
  'POST /api/merchant/settlement/movements': (ids) => ({ settleNo: ids.settleNo }),
  'POST /api/merchant/exportSettlement': () => ({ filter: {}, format: 'csv' }),
  'POST /api/merchant/bill/summary': (ids) => ({ mchNo: ids.mchNo, date: '2026-01-01' }),
  'POST /api/merchant/bill/rows': (ids) => ({ mchNo: ids.mchNo, date: '2026-01-01' }),
  'GET /api/merchant/balance': (ids) => ({ mchNo: ids.mchNo }),
  'POST /api/merchant/div/apply': (ids) => ({
    mchNo: ids.mchNo,
    receivers: [
      { type: 'EXTERNAL', name: 'Sample', accountNo: '6222020200012345670', bankName: 'Sample Bank', ratio: 5 },
    ],
  }),
  'GET /api/merchant/div/detail': (ids) => ({ applyNo: ids.splitApplyNo }),
  'POST /api/merchant/div/cancel': (ids) => ({ applyNo: ids.splitApplyNo }),
  'POST /api/merchant/funds/sms/send': () => ({ purpose: 'payee' }),
  'POST /api/merchant/transfer/account/add': () => ({
    type: 'ALIPAY',
    name: 'Sample',
    accountNo: '13900000000',
    smsCode: '123456',
  }),
  'POST /api/merchant/transfer/account/remove': (ids) => ({ accountId: ids.accountId }),
  'POST /api/merchant/transfer/create': (ids) => ({
    mchNo: ids.mchNo,
    accountId: ids.accountId,
    amountFen: 100,
    idempotencyKey: 'sample-transfer-key',
  }),
  'GET /api/merchant/transfer/detail': (ids) => ({ transferNo: ids.transferNo }),
  'POST /api/pay/sandbox/payout-notify': () => ({ transferNo: 'T20260101000000000000', result: 'SUCCESS' }),
  'POST /api/merchant/exportTradeBill': (ids) => ({ mchNo: ids.mchNo, date: '2026-01-01', format: 'csv' }),
  'GET /api/merchant/code/png': (ids) => ({ codeNo: ids.codeNo }),
  // The operator console (issue 28): every organisation's objects, so no ownership test, only who may call.
  'POST /api/ops/login': () => ({ account: 'nobody', password: 'Sample12345' }),
  'POST /api/ops/totp/verify': () => ({ code: '123456' }),
  'POST /api/ops/password': () => ({ oldPassword: 'Old12345', newPassword: 'New12345' }),
  'POST /api/ops/onboarding/assign': (ids) => ({ applyNo: ids.applyNo, to: 'me' }),
  'GET /api/ops/onboarding/detail': (ids) => ({ applyNo: ids.applyNo }),
  'GET /api/ops/onboarding/file/:fileId': (ids) => ({ fileId: ids.fileId, applyNo: ids.applyNo }),
  'POST /api/ops/onboarding/approve': (ids) => ({ applyNo: ids.applyNo }),
  'POST /api/ops/onboarding/reject': (ids) => ({
    applyNo: ids.applyNo,
    fields: [{ field: 'subject.name', reason: 'Sample reason' }],
  }),
  'POST /api/ops/split/assign': (ids) => ({ applyNo: ids.splitApplyNo, to: 'me' }),
  'GET /api/ops/split/detail': (ids) => ({ applyNo: ids.splitApplyNo }),
  'POST /api/ops/split/approve': (ids) => ({ applyNo: ids.splitApplyNo }),
  'POST /api/ops/split/reject': (ids) => ({ applyNo: ids.splitApplyNo, reason: 'Sample reason' }),
  'GET /api/ops/merchant/detail': (ids) => ({ mchNo: ids.mchNo }),
  'POST /api/ops/merchant/freeze': (ids) => ({ mchNo: ids.mchNo, reason: 'Sample reason' }),
  'POST /api/ops/merchant/unfreeze': (ids) => ({ mchNo: ids.mchNo, reason: 'Sample reason' }),
  'POST /api/ops/merchant/close': (ids) => ({ mchNo: ids.mchNo, reason: 'Sample reason' }),
  'POST /api/ops/merchant/channel-accounts': (ids) => ({ mchNo: ids.mchNo }),
  'GET /api/ops/company/detail': (ids) => ({ companyId: ids.companyId }),
  'POST /api/ops/company/freeze': (ids) => ({ companyId: ids.companyId, reason: 'Sample reason' }),
  'POST /api/ops/company/unfreeze': (ids) => ({ companyId: ids.companyId, reason: 'Sample reason' }),
  'POST /api/ops/company/close': (ids) => ({ companyId: ids.companyId, reason: 'Sample reason' }),
  'POST /api/ops/reconcile': () => ({ day: '2026-01-01' }),
  'POST /api/ops/approval/propose': (ids) => ({ kind: 'ADJUSTMENT', mchNo: ids.mchNo, amountFen: 1, reason: 'x' }),
  'POST /api/ops/approval/approve': () => ({ approvalNo: 'E20260101000000000000' }),
  'POST /api/ops/approval/refuse': () => ({ approvalNo: 'E20260101000000000000' }),
  'POST /api/ops/approval/cancel': () => ({ approvalNo: 'E20260101000000000000' }),
  'POST /api/ops/overview': () => ({ from: '2026-01-01', to: '2026-01-31' }),
  'POST /api/ops/operator/create': () => ({
    username: 'sample',
    name: 'Sample',
    roles: ['REVIEWER'],
    password: 'Sample-Pass-2026',
  }),
  'POST /api/ops/operator/update': () => ({ operatorId: 1, name: 'Sample' }),
  'POST /api/ops/operator/disable': () => ({ operatorId: 1 }),
  'POST /api/ops/operator/enable': () => ({ operatorId: 1 }),
  'POST /api/ops/operator/reset-totp': () => ({ operatorId: 1 }),
  'POST /api/merchant/developer/key/create': () => ({ name: 'Sample', scopes: ['orders:read'], merchantIds: null }),
  'POST /api/merchant/developer/key/revoke': (ids) => ({ keyId: ids.keyId }),
  'POST /api/merchant/developer/webhook/endpoints/create': () => ({
    url: 'https://hooks.example.com/mchweb',
    eventTypes: ['order.paid'],
  }),
  'POST /api/merchant/developer/webhook/endpoints/update': (ids) => ({
    id: ids.endpointId,
    url: 'https://hooks.example.com/mchweb',
    eventTypes: ['order.paid'],
    enabled: true,
  }),
  'POST /api/merchant/developer/webhook/endpoints/secret': (ids) => ({ id: ids.endpointId }),
  'POST /api/merchant/developer/webhook/endpoints/rotate': (ids) => ({ id: ids.endpointId }),
  'POST /api/merchant/developer/webhook/endpoints/test': (ids) => ({ id: ids.endpointId, type: 'order.paid' }),
  'GET /api/merchant/developer/webhook/deliveries': (ids) => ({ endpointId: ids.endpointId }),
  'POST /api/merchant/developer/webhook/deliveries/resend': (ids) => ({ deliveryId: ids.deliveryId }),
};

/** A webhook endpoint of the organisation (to a closed port: its tries fail, which is all the sweep needs) and a
 * delivery to it, made by a test event and the dispatcher. */
async function webhookIds(owner: TestClient): Promise<{ endpointId: number; deliveryId: number }> {
  const hooks = '/api/merchant/developer/webhook';
  const endpoint = await owner.post<{ id: number }>(`${hooks}/endpoints/create`, {
    url: 'http://127.0.0.1:9/hooks',
    eventTypes: ['order.paid'],
  });
  const endpointId = endpoint.body.data.id;
  await owner.post(`${hooks}/endpoints/test`, { id: endpointId, type: 'order.paid' });
  // The dispatcher makes the delivery a moment later (expect.poll is for tests, not their setup).
  for (let waited = 0; waited < 30_000; waited += 200) {
    const page = await owner.get<{ list: { id: number }[] }>(`${hooks}/deliveries`, { endpointId });
    const deliveryId = page.body.data.list[0]?.id;
    if (deliveryId !== undefined) return { endpointId, deliveryId };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the test event made no delivery in 30 s');
}

interface ApiRoute {
  key: string;
  method: 'GET' | 'POST';
  url: string;
  access: string;
  input: z.ZodType | undefined;
  /** The path's parameters (`/inco/file/:fileId`). */
  params: z.ZodType | undefined;
}

/** The route's request schema: the body of a POST, the query of a GET. */
function apiRoutes(): ApiRoute[] {
  const seen = new Map<string, ApiRoute>();
  for (const r of routes) {
    const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m === 'GET' || m === 'POST');
    // The merchant API (/api/v1) takes API keys, not sessions: its own sweep is below.
    if (!r.url.startsWith('/api/') || r.url.startsWith('/api/docs') || r.url.startsWith('/api/v1/')) continue;
    for (const method of methods as ('GET' | 'POST')[]) {
      const schema = r.schema as { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType } | undefined;
      const key = `${method} ${r.url}`;
      seen.set(key, {
        key,
        method,
        url: r.url,
        access: String(r.config?.access),
        input: method === 'GET' ? schema?.querystring : schema?.body,
        params: schema?.params,
      });
    }
  }
  return [...seen.values()];
}

/** Keys of an object schema, through optional/nullable wrappers. */
function schemaKeys(schema: z.ZodType | undefined): string[] {
  let s = schema as unknown as { shape?: Record<string, unknown>; unwrap?: () => unknown } | undefined;
  while (s && !s.shape && typeof s.unwrap === 'function') s = s.unwrap() as typeof s;
  return s?.shape ? Object.keys(s.shape) : [];
}
/** Numbers that name an organisation's object, as ids do. In a list's filter they only narrow the list. */
const OWNED_NUMBERS = ['mchNo', 'applyNo', 'inviteNo', 'orderNo', 'codeNo', 'batchNo', 'settleNo', 'transferNo'];
/**
 * Numbers of objects that belong to one merchant (issue 11): a member limited to other merchants finds none of them.
 * The others (applications, invitations, uploads, batches, members, roles, payee accounts) are the organisation's.
 */
const MERCHANT_NUMBERS = ['mchNo', 'orderNo', 'codeNo', 'settleNo', 'transferNo', 'splitApplyNo'];
const merchantKeys = (route: ApiRoute) =>
  idKeys(route).filter((k) => MERCHANT_NUMBERS.includes(ID_ALIASES[route.key]?.[k] ?? k));
/** The operator console's routes (issue 28): operator sessions only, on every organisation's objects. */
const isOps = (route: ApiRoute) => route.url.startsWith('/api/ops/');
/** Routes whose body is a filter: a number there narrows the answer instead of naming an object. */
const isFilter = (route: ApiRoute) => route.url.endsWith('/list') || route.url.endsWith('/summary');
const idKeys = (route: ApiRoute) =>
  [...schemaKeys(route.params), ...schemaKeys(route.input)].filter(
    (k) => k.endsWith('Id') || (OWNED_NUMBERS.includes(k) && !isFilter(route)),
  );
const paramKeys = (route: ApiRoute) => new Set(schemaKeys(route.params));

/** A request the route's schema accepts, so the answer shows the access check, not validation. */
function validInput(route: ApiRoute, ids: Ids): Record<string, unknown> {
  const sample = SAMPLES[route.key]?.(ids) ?? {};
  if (route.input) {
    const inPath = paramKeys(route);
    const parsed = route.input.safeParse(Object.fromEntries(Object.entries(sample).filter(([k]) => !inPath.has(k))));
    if (!parsed.success) throw new Error(`${route.key}: add a valid request to SAMPLES (${parsed.error.message})`);
  }
  return sample;
}

/** The request: path parameters into the URL, the rest as the query of a GET or the body of a POST. */
function call(client: TestClient, route: ApiRoute, input: Record<string, unknown>) {
  const inPath = paramKeys(route);
  const url = route.url.replace(/:(\w+)/g, (whole, key: string) =>
    input[key] === undefined ? whole : encodeURIComponent(String(input[key])),
  );
  const rest = Object.fromEntries(Object.entries(input).filter(([k]) => !inPath.has(k)));
  return route.method === 'GET' ? client.get(url, rest as Record<string, string | number>) : client.post(url, rest);
}

let t: TestApp;
let all: ApiRoute[];
/** Ids of the demo coffee shop (organisation A). */
let a: Ids;
/** A member of A whose custom role grants nothing. */
let powerless: TestClient;
/**
 * A member of A whose role grants every permission but the profile's, limited to merchant M100000004: every
 * merchant object of the ids below is M100000001's, so outside its merchants.
 */
let limited: TestClient;
/** The owner of organisation B, with every permission there, and nothing in A. */
let stranger: TestClient;
let strangerIds: Ids;

async function userWithSession(mobile: string): Promise<TestClient> {
  const [user] = await t.database.db.insert(users).values({ mobile, passwordHash: 'unused' }).returning();
  return t.client(
    await createSession(t.database.db, { userId: user!.id, companyId: null, ip: '127.0.0.1', userAgent: 'test' }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  all = apiRoutes();
  const owner = await t.signIn('13800138000');
  const empty = await owner.post<Role>('/api/merchant/role/save', { name: 'No permissions', permissions: [] });
  powerless = await userWithSession('13700009999');
  const joining = await owner.post<StaffMember>('/api/merchant/staff/invite', {
    mobile: '13700009999',
    roleId: empty.body.data.roleId,
  });
  await powerless.post('/api/merchant/staff/invitation/accept', { invitationId: joining.body.data.memberId });
  const pending = await owner.post<StaffMember>('/api/merchant/staff/invite', {
    mobile: '13700007777',
    roleId: empty.body.data.roleId,
  });
  const info = (await owner.post<CompanyInfo>('/api/merchant/feeManager/getCompany', {})).body.data;
  const codeNo = await codeFor(t.database.db, 'M100000001');
  const [payee] = await t.database.db
    .insert(payeeAccounts)
    .values({ companyId: info.companyId!, type: 'ALIPAY', name: 'Sample', accountNo: '13900000000' })
    .returning();
  const accountId = payee!.id;
  await powerless.post('/api/websession/changeCompany', { companyId: info.companyId });
  const admin = (await owner.get<StaffMember[]>('/api/merchant/staff/list')).body.data.find(
    (m) => m.roleCode === 'ADMIN',
  )!;
  const applications = (await owner.post<ApplicationPage>('/api/merchant/inco/list', {})).body.data.rows;
  const invites = (await owner.post<InvitePage>('/api/merchant/inco/invite/list', { status: ['ACTIVE'] })).body.data;
  a = {
    companyId: info.companyId!,
    memberId: admin.memberId,
    roleId: empty.body.data.roleId,
    invitationId: pending.body.data.memberId,
    mchNo: 'M100000001',
    applyNo: applications[0]!.applyNo,
    inviteNo: invites.rows[0]!.inviteNo,
    fileId: (await upload(owner)).body.data.fileId,
    codeNo,
    orderNo: await paid(t.client(), codeNo, 10_000),
    accountId,
    splitApplyNo: (
      await owner.post<{ applyNo: string }>('/api/merchant/div/apply', {
        mchNo: 'M100000001',
        receivers: [
          { type: 'EXTERNAL', name: 'Sample', accountNo: '6222020200012345670', bankName: 'Sample Bank', ratio: 5 },
        ],
      })
    ).body.data.applyNo,
    transferNo: (
      await owner.post<{ transferNo: string }>('/api/merchant/transfer/create', {
        mchNo: 'M100000001',
        accountId,
        amountFen: 100,
        idempotencyKey: 'permissions-test-transfer',
      })
    ).body.data.transferNo,
    settleNo: (await owner.post<SettlementPage>('/api/merchant/settlement/list', {})).body.data.rows[0]!.settleNo,
    batchNo: (await owner.post<CodeBatchPage>('/api/merchant/code/batch/list', {})).body.data.rows.at(-1)!.batchNo, // the demo batch (the fixtures' batches are not numbered like real ones)
    keyId: (await createKey(owner, { name: 'Sweep' })).key.keyId,
    ...(await webhookIds(owner)),
  };

  limited = await userWithSession('13700006666');
  const everything = await owner.post<Role>('/api/merchant/role/save', {
    name: 'Everything but the profile',
    permissions: PERMISSIONS.filter((p) => p !== 'company:edit'),
  });
  const asLimited = await owner.post<StaffMember>('/api/merchant/staff/invite', {
    mobile: '13700006666',
    roleId: everything.body.data.roleId,
    merchantIds: [(await merchantIdByNo(t.database.db, 'M100000004'))!],
  });
  await limited.post('/api/merchant/staff/invitation/accept', { invitationId: asLimited.body.data.memberId });
  await limited.post('/api/websession/changeCompany', { companyId: info.companyId });

  stranger = await userWithSession('13700008888');
  const b = await stranger.post<CompanyInfo>('/api/merchant/feeManager/addCompany', {
    companyName: 'Stranger Ltd',
    creditCode: withCheckChar('91330100MA8888888'),
    contactName: 'Stranger',
    contactMobile: '13700008888',
  });
  const bRoles = (await stranger.get<Role[]>('/api/merchant/role/list')).body.data;
  const bSelf = (await stranger.get<StaffMember[]>('/api/merchant/staff/list')).body.data[0]!;
  strangerIds = { ...a, companyId: b.body.data.companyId!, memberId: bSelf.memberId, roleId: bRoles[0]!.roleId };
});
afterAll(async () => t.close());

describe('S6.4 enforcement generated from the route table', () => {
  it('S6.4 the route table was collected and every API route declares its access', () => {
    expect(all.length).toBeGreaterThan(20);
    expect(all.map((r) => r.key)).toContain('POST /api/websession/changeCompany');
    for (const r of all) {
      const valid = isOps(r)
        ? ['public', 'opsCode', 'operator'].includes(r.access) || isOpsPermission(r.access)
        : ['public', 'signedIn', 'member'].includes(r.access) || isPermission(r.access);
      expect(valid, r.key).toBe(true);
    }
  });

  it('S6.4 every route with a permission answers 403 to a member whose role lacks it', async () => {
    const gated = all.filter((r) => isPermission(r.access));
    expect(gated.length).toBeGreaterThan(10);
    for (const route of gated) {
      const res = await call(powerless, route, validInput(route, a));
      expect([route.key, res.http, res.body.code]).toEqual([route.key, 200, 403]);
    }
    // The same member passes routes that need only membership: the refusals above came from the permission.
    expect((await powerless.get('/api/merchant/feeManager/getInitCompletionStatus')).body.code).toBe(200);
  });

  it('S6.4 public routes answer without a token (valid samples reach their handlers)', async () => {
    const open = all.filter((r) => r.access === 'public' && SAMPLES[r.key]);
    expect(open.map((r) => r.key)).toContain('POST /api/pay/inco/save');
    for (const route of open) {
      const res = await call(t.client(), route, validInput(route, a));
      expect([route.key, res.http]).toEqual([route.key, 200]);
      expect([route.key, [401, 403].includes(res.body?.code)]).toEqual([route.key, false]);
    }
  });

  it('S6.4 every route that is not public answers HTTP 401 without a token', async () => {
    const guarded = all.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(15);
    for (const route of guarded) {
      const res = await call(t.client(), route, validInput(route, a));
      expect([route.key, res.http, res.body.code]).toEqual([route.key, 401, 401]);
    }
  });

  it("S6.4 every route taking an organisation-owned id treats another organisation's id as not found", async () => {
    // Public routes are left out: there the invitation number is the credential, whoever holds it.
    const withIds = all.filter((r) => r.access !== 'public' && !isOps(r) && idKeys(r).length > 0);
    expect(withIds.map((r) => r.key).sort()).toEqual(
      expect.arrayContaining([
        'POST /api/merchant/staff/setRole',
        'POST /api/merchant/staff/invitation/accept',
        'POST /api/merchant/role/delete',
        'GET /api/merchant/merchant/detail',
        'POST /api/merchant/inco/submit',
        'POST /api/merchant/inco/invite/revoke',
        'GET /api/merchant/inco/file/:fileId',
        'POST /api/merchant/code/bind',
        'GET /api/merchant/code/sheet',
        'GET /api/merchant/code/png',
      ]),
    );
    for (const route of withIds) {
      const sample = SAMPLES[route.key];
      expect(sample, `${route.key}: add it to SAMPLES with its ids`).toBeDefined();
      // Every id field of the schema must be filled from the ids given, or the route is not really tested.
      const input = validInput(route, a);
      for (const key of idKeys(route)) {
        const id = (ID_ALIASES[route.key]?.[key] ?? key) as keyof Ids;
        expect(input[key], `${route.key}: SAMPLES must set ${key}`).toBe(a[id]);
      }
      const foreign = await call(stranger, route, input);
      expect([route.key, foreign.body.code]).toEqual([route.key, 404]);
    }
    // And the stranger's own ids reach the handler (no 404), so the refusals above were about ownership.
    const own = await stranger.post('/api/merchant/role/delete', { roleId: strangerIds.roleId });
    expect(own.body.code).toBe(409);
  });

  it("issue 11 every route taking a merchant's object answers a member limited to other merchants exactly as another organisation", async () => {
    const scoped = all.filter((r) => r.access !== 'public' && !isOps(r) && merchantKeys(r).length > 0);
    expect(scoped.map((r) => r.key)).toEqual(
      expect.arrayContaining([
        'GET /api/merchant/order/detail',
        'POST /api/merchant/order/refund',
        'GET /api/merchant/merchant/detail',
        'POST /api/merchant/code/bind',
        'GET /api/merchant/settlement/detail',
        'POST /api/merchant/bill/rows',
        'GET /api/merchant/balance',
        'GET /api/merchant/transfer/detail',
        'GET /api/merchant/div/detail',
      ]),
    );
    for (const route of scoped) {
      const input = validInput(route, a);
      const foreign = await call(stranger, route, input);
      const outside = await call(limited, route, input);
      expect([route.key, outside.body.code, outside.body.msg]).toEqual([route.key, 404, foreign.body.msg]);
    }
    // The bill's summary names its merchant as a filter would, but a merchant outside is not found there either.
    const bill = { mchNo: a.mchNo, date: '2026-01-01' };
    expect((await limited.post('/api/merchant/bill/summary', bill)).body).toMatchObject({
      code: 404,
      msg: (await stranger.post('/api/merchant/bill/summary', bill)).body.msg,
    });
    // Its own organisation's objects that belong to no merchant still reach it: the refusals were the scope's.
    expect((await limited.get('/api/merchant/inco/detail', { applyNo: a.applyNo })).body.code).toBe(200);
    expect((await limited.post('/api/merchant/code/batch/list', { batchNo: a.batchNo })).body.code).toBe(200);
  });
});

describe('issue 28 the operator console (/api/ops) from the same route table', () => {
  const ops = () => all.filter((r) => isOps(r) && r.access !== 'public');
  /** An operator past both steps whose roles grant nothing (no role does: made so for this test). */
  let noPermissions: TestClient;
  /** An operator with every permission, past the password step only. */
  let codeStep: TestClient;
  /** An operator with every permission, signed in. */
  let admin: TestClient;
  beforeAll(async () => {
    noPermissions = (await operatorWithRoles(t, [])).client;
    admin = (await operatorWithRoles(t, ['ADMIN'])).client;
    codeStep = (await operatorAtCodeStep(t, ['ADMIN'])).client;
  });

  it('issue 28 every /api/ops route declares an operator access and is listed', () => {
    expect(ops().length).toBeGreaterThan(40);
    expect(ops().map((r) => r.key)).toEqual(
      expect.arrayContaining(['POST /api/ops/approval/approve', 'POST /api/ops/merchant/freeze', 'GET /api/ops/me']),
    );
  });

  it('issue 28 every /api/ops route refuses a merchant token with 401, whatever its role', async () => {
    const owner = await t.signIn('13800138000');
    for (const route of ops()) {
      const res = await call(owner, route, validInput(route, a));
      expect([route.key, res.http, res.body.code]).toEqual([route.key, 401, 401]);
    }
  });

  it('issue 28 every route with an ops permission refuses an operator without it (403)', async () => {
    const gated = ops().filter((r) => isOpsPermission(r.access));
    expect(gated.length).toBeGreaterThan(35);
    for (const route of gated) {
      const res = await call(noPermissions, route, validInput(route, a));
      expect([route.key, res.http, res.body.code]).toEqual([route.key, 200, 403]);
    }
    // The same operator is signed in: routes for any operator answer it.
    expect((await noPermissions.get('/api/ops/me')).body.code).toBe(200);
  });

  it('issue 28 every route past the code step refuses a session that has not passed TOTP (401)', async () => {
    const past = ops().filter((r) => r.access !== 'opsCode');
    for (const route of past) {
      const res = await call(codeStep, route, validInput(route, a));
      expect([route.key, res.http, res.body.code]).toEqual([route.key, 401, 401]);
    }
    // The code step's own routes answer it: the refusals above were about the missing code.
    expect((await codeStep.get('/api/ops/totp/enrolment')).body.code).toBe(200);
  });

  it('issue 28 every merchant route refuses an operator token (401), even an admin operator', async () => {
    const merchantRoutes = all.filter((r) => !isOps(r) && r.access !== 'public');
    expect(merchantRoutes.length).toBeGreaterThan(40);
    for (const route of merchantRoutes) {
      const res = await call(admin, route, validInput(route, a));
      expect([route.key, res.http, res.body.code]).toEqual([route.key, 401, 401]);
    }
  });
});

/** The merchant API's routes (/api/v1) from the same route table, with the scope each needs. */
function v1Routes() {
  const seen = new Map<string, { key: string; method: 'GET' | 'POST'; url: string; scope: string }>();
  for (const r of routes) {
    const scope = r.config?.apiScope;
    if (!r.url.startsWith('/api/v1/') || !scope || scope === 'none') continue;
    for (const method of (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m === 'GET' || m === 'POST')) {
      seen.set(`${method} ${r.url}`, {
        key: `${method} ${r.url}`,
        method: method as 'GET' | 'POST',
        url: r.url,
        scope,
      });
    }
  }
  return [...seen.values()];
}

/** Valid bodies of the merchant API's POSTs (the ids are organisation A's). */
const V1_BODIES: Record<string, (ids: Ids) => object> = {
  'POST /api/v1/payments': (ids) => ({ mchNo: ids.mchNo, amountFen: 100, channel: 'WECHAT', description: 'Sample' }),
  'POST /api/v1/payments/:orderNo/refunds': () => ({ amountFen: 1, reason: 'Sample reason' }),
  'POST /api/v1/webhook_endpoints': (ids) => ({
    url: 'https://hooks.example.com/mchweb',
    eventTypes: ['order.paid'],
    mchNos: [ids.mchNo],
  }),
  'POST /api/v1/webhook_endpoints/:id': () => ({ enabled: false }),
};

describe('issue 30 the merchant API (/api/v1) in the same sweep', { timeout: 300_000 }, () => {
  let v1: ReturnType<typeof v1Routes>;
  let refundNo: string;
  /** Keys of A (every scope; every scope but one, by the one missing; limited to M100000004) and of B (every scope). */
  let keyA: string;
  let without: Record<string, string>;
  let limitedKey: string;
  let keyB: string;
  const v1Call = (key: string | null, route: { key: string; method: 'GET' | 'POST'; url: string }, extra = {}) =>
    api<{ error: { type: string; code: string }; rows?: { orderNo?: string; settleNo?: string; id?: number }[] }>(
      t,
      key,
      route.method,
      route.url.replace(':orderNo', a.orderNo).replace(':refundNo', refundNo).replace(':id', String(a.endpointId)),
      { body: V1_BODIES[route.key]?.(a), ...extra },
    );

  beforeAll(async () => {
    v1 = v1Routes();
    const owner = await t.signIn('13800138000');
    const refund = await owner.post<{ refundNo: string }>('/api/merchant/order/refund', {
      orderNo: a.orderNo,
      amountFen: 1,
      reason: 'Sample reason',
      idempotencyKey: 'permissions-test-v1-refund',
    });
    refundNo = refund.body.data.refundNo;
    keyA = (await createKey(owner)).secret;
    without = {};
    for (const scope of API_KEY_SCOPES) {
      without[scope] = (await createKey(owner, { scopes: API_KEY_SCOPES.filter((s) => s !== scope) })).secret;
    }
    limitedKey = (await createKey(owner, { merchantIds: [(await merchantIdByNo(t.database.db, 'M100000004'))!] }))
      .secret;
    keyB = (await createKey(stranger)).secret;
  }, 300_000);

  it('issue 30 the route table holds every call of the merchant API, each with a scope', () => {
    expect(v1.map((r) => r.key).sort()).toEqual(
      [
        'GET /api/v1/payments',
        'GET /api/v1/payments/:orderNo',
        'GET /api/v1/refunds/:refundNo',
        'GET /api/v1/settlements',
        'POST /api/v1/payments',
        'POST /api/v1/payments/:orderNo/refunds',
        'GET /api/v1/webhook_endpoints',
        'POST /api/v1/webhook_endpoints',
        'GET /api/v1/webhook_endpoints/:id',
        'POST /api/v1/webhook_endpoints/:id',
        'POST /api/v1/webhook_endpoints/:id/rotate_secret',
      ].sort(),
    );
  });

  it('issue 30 every call refuses no key, and a portal session (401 authentication_error)', async () => {
    for (const route of v1) {
      const none = await v1Call(null, route);
      expect([route.key, none.http, none.body.error.type]).toEqual([route.key, 401, 'authentication_error']);
      const session = await v1Call(null, route, { headers: { token: stranger.token! } });
      expect([route.key, session.http, session.body.error.code]).toEqual([route.key, 401, 'session_not_accepted']);
    }
  });

  it('issue 30 every call refuses a key with every scope but its own (403 permission_error)', async () => {
    for (const route of v1) {
      const res = await v1Call(without[route.scope]!, route);
      expect([route.key, res.http, res.body.error.type]).toEqual([route.key, 403, 'permission_error']);
    }
  });

  it("issue 30 a key of another organisation, or of other merchants, never reaches A's orders, refunds, settlements and webhook endpoints", async () => {
    const own = await v1Call(
      keyA,
      v1.find((r) => r.key === 'GET /api/v1/payments/:orderNo')!,
    );
    expect(own.http).toBe(200); // A's own key reaches them: the refusals below are about whose key it is
    const ownEndpoint = v1.find((r) => r.key === 'GET /api/v1/webhook_endpoints/:id')!;
    expect((await v1Call(keyA, ownEndpoint)).http).toBe(200);
    for (const key of [keyB, limitedKey]) {
      for (const route of v1) {
        const res = await v1Call(key, route);
        if (route.url.includes(':') || route.method === 'POST') {
          // Objects by number, and a payment for A's merchant: not found.
          expect([route.key, res.http, res.body.error.code]).toEqual([route.key, 404, 'resource_missing']);
        } else {
          expect([route.key, res.http]).toEqual([route.key, 200]);
          const numbers = (res.body.rows ?? []).map((r) => r.orderNo ?? r.settleNo ?? r.id);
          expect(numbers, route.key).not.toContain(a.orderNo);
          expect(numbers, route.key).not.toContain(a.settleNo);
          // A's endpoint is for every merchant: neither key sees it.
          expect(numbers, route.key).not.toContain(a.endpointId);
        }
      }
    }
    // B's key lists nothing of A: its organisation has no orders or settlements at all.
    const bList = await v1Call(
      keyB,
      v1.find((r) => r.key === 'GET /api/v1/payments')!,
    );
    expect(bList.body.rows).toEqual([]);
  });

  it('issue 30 a key is refused on every portal route that is not public (HTTP 401)', async () => {
    const guarded = all.filter((r) => r.access !== 'public');
    const bearer = { authorization: `Bearer ${keyA}` };
    for (const route of guarded) {
      const input = validInput(route, a);
      const url = route.url.replace(/:(\w+)/g, (_w, k: string) => encodeURIComponent(String(input[k])));
      // A POST carries a valid XSRF value (as a browser would), so the refusal is the missing session's.
      const res =
        route.method === 'POST'
          ? await t.client().post(url, input, { headers: bearer })
          : await t
              .client()
              .raw({ method: 'GET', url, query: input as Record<string, string>, headers: bearer })
              .then((r) => ({ http: r.statusCode, body: r.json() as { code: number } }));
      expect([route.key, res.http, res.body.code]).toEqual([route.key, 401, 401]);
    }
  });
});
