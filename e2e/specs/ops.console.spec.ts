import { clickInDialog, expect, openApp, test } from '../support/fixtures.ts';
import type { RunningServer } from '../support/server.ts';
import { Api, newOwner, PASSWORD } from './company.helpers.ts';
import { fillSmallMicro, png, stepTitle, TEXT, uploadDocument } from './onboarding.helpers.ts';
import { PHONE } from './order.helpers.ts';
import { createOperator, desk, opsSignIn, serverWithAdmin, type Operator } from './ops.helpers.ts';

/**
 * Issue 28, the operator console's story in the browser: an invitee applies on a phone, a reviewer rejects one
 * field, the merchant corrects it, the reviewer approves with the channels' sub-merchant ids; the merchant's code
 * takes a payment until a risk operator freezes it; a finance operator's adjustment waits for a second operator.
 * The tests share one server and follow one another.
 */
test.describe.configure({ mode: 'serial' });

let setup: Awaited<ReturnType<typeof serverWithAdmin>>;
let server: RunningServer;
let admin: Operator;
const reviewer: Operator = { username: 'rita.review', name: 'Rita Reviewer' };
const risk: Operator = { username: 'ray.risk', name: 'Ray Risk' };
const finance: Operator = { username: 'fay.finance', name: 'Fay Finance' };
let owner: Awaited<ReturnType<typeof newOwner>>;
let mchNo = '';
const shopName = '湖畔牛肉面';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  setup = await serverWithAdmin();
  ({ server, admin } = setup);
  await createOperator(server.url, admin, reviewer, ['REVIEWER']);
  await createOperator(server.url, admin, risk, ['RISK']);
  await createOperator(server.url, admin, finance, ['FINANCE']);
  owner = await newOwner(server.url, '湖畔餐饮');
});
test.afterAll(async () => setup?.close());

test('an application from a phone is rejected on one field, corrected by the merchant and approved with sub-merchant ids', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The invitee fills the form in on a phone (no account: the invitation is the credential).
  const invite = Api.ok(await owner.api.get<{ url: string }>('/getIncoQrCode', { remark: 'Lakeside' }));
  const phone = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
  const mobile = await phone.newPage();
  await mobile.goto(invite.url.replace(/^https?:\/\/[^/]+/, server.url));
  await fillSmallMicro(mobile, 'zh-CN', { name: shopName, shortName: shopName, person: '赵磊' });
  await mobile.getByTestId('wizard-submit').click();
  await expect(mobile.getByTestId('public-thanks')).toContainText(TEXT['zh-CN'].thanks);
  await phone.close();

  // The reviewer's browser speaks English and nobody chose a language: the console does too, title included.
  const ops = await desk(browser, 'en-US');
  await ops.goto(`${server.url}/ops/login`);
  await expect(ops.getByRole('heading', { level: 1 })).toHaveText('Operations console sign-in');
  await expect(ops).toHaveTitle(/^Operations console sign-in · Operations Console/);
  await opsSignIn(ops, server.url, reviewer);
  await ops
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Onboarding queue' })
    .click();
  const row = ops.locator('tr', { hasText: shopName });
  await row.getByTestId('queue-open').click();
  await expect(ops).toHaveURL(/\/ops\/onboarding\/A\d{20}$/);
  const applyNo = ops.url().split('/').pop()!;
  // The documents inline; the shop front large, zoomed and turned.
  await expect(ops.getByTestId('doc-SHOP_FRONT').locator('img')).toBeVisible();
  await ops.getByTestId('queue-take').click();
  await ops.getByTestId('doc-SHOP_FRONT').getByRole('button').click();
  const image = ops.getByTestId('viewer-image');
  await expect(image).toBeVisible();
  await ops.getByTestId('zoom-in').click();
  await expect(ops.getByText('125%')).toBeVisible();
  await ops.getByTestId('rotate').click();
  await expect(image).toHaveAttribute('style', /rotate\(90deg\)/);
  await ops.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(image).toBeHidden();

  // Reject one field with a reason the merchant will read.
  const reason = 'The shop-front photo is blurred: take it again in daylight';
  await ops.getByTestId('reject-tab').click();
  await ops.getByTestId('reject-field-0').click();
  await ops.keyboard.type('Documents · Shop front');
  await ops.keyboard.press('Enter');
  await ops.getByTestId('reject-reason-0').fill(reason);
  await ops.getByTestId('reject-submit').click();
  await expect(ops.getByText('Rejected').first()).toBeVisible();

  // The merchant (the organisation's owner, at a desk) reads it on /audit-progress, corrects and resubmits.
  const portal = await desk(browser, 'zh-CN');
  const base = `${server.url}/mchweb`;
  await openApp(portal, `${base}/login`);
  await portal.getByTestId('login-account').fill(owner.mobile);
  await portal.getByTestId('login-password').fill(PASSWORD);
  await portal.getByTestId('login-submit').click();
  await expect(portal).toHaveURL(/\/mchweb\/(welcome|open)/);
  await portal.goto(`${base}/audit-progress?applyNo=${applyNo}`);
  await expect(portal.getByTestId('progress-rejected').getByTestId('reject-fields')).toContainText(reason);
  await portal.getByTestId('progress-correct').click();
  await portal.getByTestId('wizard-steps').getByText(TEXT['zh-CN'].steps[4]!).click();
  await stepTitle(portal, 'zh-CN', 4);
  await uploadDocument(portal, 'SHOP_FRONT', { name: 'shop.png', mimeType: 'image/png', buffer: png([250, 200, 80]) });
  await portal.getByTestId('wizard-submit').click();
  await expect(portal.getByTestId('event-RESUBMITTED')).toContainText(TEXT['zh-CN'].resubmitted);

  // The reviewer approves it with the channels' sub-merchant ids; the merchant is ACTIVE at once.
  await ops.reload();
  await expect(ops.getByTestId('doc-SHOP_FRONT').locator('img')).toBeVisible();
  if (await ops.getByTestId('queue-take').isVisible()) await ops.getByTestId('queue-take').click();
  // The applied WeChat Pay rate (1.5 ‰) is under the provider's floor: the form says so until it is raised.
  await ops.getByTestId('approve-submit').click();
  await expect(ops.getByTestId('approve-form')).toContainText('Allowed 2 – 9.9 ‰');
  await ops.getByTestId('rate-WECHAT').fill('2.5');
  await ops.getByTestId('wechat-sub-mchid').fill('1900000109');
  await ops.getByTestId('alipay-smid').fill('2088000000000001');
  const approved = ops.waitForResponse((r) => r.url().endsWith('/api/ops/onboarding/approve'));
  await ops.getByTestId('approve-submit').click();
  mchNo = ((await (await approved).json()) as { data: { mchNo: string } }).data.mchNo;
  expect(mchNo).toMatch(/^M\d+/);
  await portal.reload();
  await expect(portal.getByTestId('progress-approved')).toContainText(TEXT['zh-CN'].approved);
  const merchants = Api.ok(await owner.api.post<{ rows: { mchNo: string; status: string }[] }>('/merchant/list', {}));
  expect(merchants.rows).toEqual([expect.objectContaining({ mchNo, status: 'ACTIVE' })]);
  await ops.context().close();
  await portal.context().close();
});

test("the merchant's code takes a payment until a risk operator freezes it; then the payer's page refuses", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const batch = Api.ok(await owner.api.post<{ batchNo: string }>('/code/batch/create', { count: 1 }));
  const codes = Api.ok(await owner.api.post<{ rows: { codeNo: string }[] }>('/code/list', { batchNo: batch.batchNo }));
  const codeNo = codes.rows[0]!.codeNo;
  Api.ok(await owner.api.post('/code/bind', { codeNo, mchNo }));

  const payer = await (await browser.newContext({ ...PHONE, locale: 'zh-CN' })).newPage();
  await payer.goto(`${server.url}/mchweb/pay/${codeNo}`);
  await expect(payer.getByTestId('cashier-mch')).toHaveText(shopName);
  for (const key of ['1', '0']) await payer.getByTestId(`cashier-key-${key}`).tap();
  await payer.getByTestId('cashier-channel-WECHAT').tap();
  await payer.getByTestId('cashier-pay').tap();
  await payer.getByTestId('sandbox-success').tap();
  await expect(payer.getByTestId('cashier-result-SUCCESS')).toBeVisible();
  await expect(payer.getByTestId('cashier-result-amount')).toHaveText('¥10.00');

  const ops = await desk(browser, 'zh-CN');
  await opsSignIn(ops, server.url, risk);
  await ops.goto(`${server.url}/ops/merchants?q=${mchNo}`);
  await ops.getByRole('link', { name: shopName }).click();
  await ops.getByTestId('status-freeze').click();
  await ops.getByRole('dialog').locator('textarea').fill('疑似套现，冻结待查');
  // Once the dialog has finished appearing: a click on it while it zooms in can be lost (CI, 2026-11-28).
  await clickInDialog(ops, ops.getByRole('dialog').locator('.ant-modal-footer .ant-btn-primary'));
  await expect(ops.getByTestId('status-unfreeze')).toBeVisible();

  await payer.goto(`${server.url}/mchweb/pay/${codeNo}`);
  await expect(payer.getByTestId('cashier-code-unusable')).toContainText('收款码暂不可用');
  await payer.context().close();
  await ops.context().close();
});

test("a finance operator's adjustment waits for a second operator, whose approval the audit log shows before and after", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const proposer = await desk(browser, 'en-US');
  await opsSignIn(proposer, server.url, finance);
  // The menu's link: once the overview has loaded, its queue card links to the same page under the same name.
  await proposer
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Awaiting approval' })
    .click();
  await proposer.getByTestId('propose-adjustment').click();
  await proposer.getByTestId('adjust-mchno').fill(mchNo);
  await proposer.getByTestId('adjust-amount').fill('12.34');
  await proposer.getByTestId('adjust-reason').fill('Refund of an overcharged fee, ticket 4711');
  const proposed = proposer.waitForResponse((r) => r.url().endsWith('/api/ops/approval/propose'));
  await proposer.getByRole('button', { name: 'Send for approval' }).click();
  const approvalNo = ((await (await proposed).json()) as { data: { approvalNo: string } }).data.approvalNo;
  const mine = proposer.getByTestId('ops-approvals').locator('tr', { hasText: 'ticket 4711' });
  await expect(mine).toContainText('Awaiting approval');
  await expect(mine.getByTestId('approval-approve')).toBeDisabled();
  await expect(mine.getByTestId('approval-cancel')).toBeVisible();

  // Another operator (the admin) approves it; it runs at once.
  const second = await desk(browser, 'en-US');
  await opsSignIn(second, server.url, admin);
  await second.goto(`${server.url}/ops/approvals`);
  const theirs = second.getByTestId('ops-approvals').locator('tr', { hasText: 'ticket 4711' });
  await theirs.getByTestId('approval-approve').click();
  await expect(theirs).toHaveCount(0); // no longer awaiting
  await second.goto(`${server.url}/ops/approvals?status=APPROVED`);
  const done = second.getByTestId('ops-approvals').locator('tr', { hasText: 'ticket 4711' });
  await expect(done).toContainText('Done');
  await expect(done).toContainText('Ada Admin');
  await expect(done).toContainText('¥12.34');

  // The audit log: the proposal and the approval, the approval's state before and after.
  await second.goto(`${server.url}/ops/audit?target=${approvalNo}`);
  const approval = second.getByTestId('ops-audit').locator('tr', { hasText: 'approval.approve' });
  await approval.locator('.ant-table-row-expand-icon').click();
  const snapshots = second.locator('.ops-audit-snapshot');
  await expect(snapshots.nth(0)).toContainText('PENDING');
  await expect(snapshots.nth(1)).toContainText('APPROVED');
  await expect(second.getByTestId('ops-audit').locator('tr', { hasText: 'approval.propose' })).toContainText(
    'Fay Finance',
  );
  await proposer.context().close();
  await second.context().close();
});
