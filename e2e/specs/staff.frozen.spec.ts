import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO, expect, signIn, test } from '../support/fixtures.ts';
import { runOps as ops, startServer } from '../support/server.ts';
import { Api } from './company.helpers.ts';

/**
 * The operator freezes an organisation with the command line, which opens the same database as the server.
 * The embedded PGlite database allows one process at a time, so this test runs its own server on a data
 * directory of its own (PGlite even when DATABASE_URL is set): start it, stop it, freeze, start it again.
 */
test('S4.4.3 an organisation frozen by the operator: its member signs in to /login-error with login=no, no sign-in button', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-e2e-frozen-'));
  const onOwnDir = { DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    let server = await startServer(onOwnDir);
    const owner = await Api.open(server.url);
    owner.token = (
      Api.ok(await owner.post<{ token: string }>('/login', { account: DEMO.owner, password: DEMO.password })) as {
        token: string;
      }
    ).token;
    const coffee = Api.ok(await owner.post<{ companyId: number; companyName: string }>('/feeManager/getCompany'));
    await server.stop();

    expect(await ops(dataDir, 'company:freeze', String(coffee.companyId))).toMatch(/froze|FROZEN/i);
    server = await startServer(onOwnDir);
    try {
      const context = await browser.newContext({ locale: 'zh-CN' });
      const page = await context.newPage();
      // The cashier works only in the frozen organisation.
      await signIn(page, `${server.url}/mchweb`, DEMO.cashier);
      await expect(page).toHaveURL(/\/mchweb\/login-error\?errmsg=.*login=no/);
      await expect(page.getByTestId('login-error-message')).toContainText('该机构已被冻结');
      await expect(page.getByTestId('login-error-back')).toHaveCount(0);
      await expect(page.getByText('该机构已被冻结或关闭，重新登录也无法进入')).toBeVisible();

      // The owner has another organisation: signing in starts there, and the list says why the first is closed.
      await page.evaluate(() => localStorage.clear());
      await signIn(page, `${server.url}/mchweb`, DEMO.owner);
      await expect(page).toHaveURL(`${server.url}/mchweb/welcome`);
      await expect(page.getByTestId('current-company')).not.toHaveText(coffee.companyName);
      await page.goto(`${server.url}/mchweb/organ-select`);
      await expect(page.getByTestId(`company-${coffee.companyId}`)).toContainText('已冻结');
      await expect(page.getByTestId(`company-why-${coffee.companyId}`)).toContainText('冻结');
      await expect(page.getByTestId(`company-enter-${coffee.companyId}`)).toBeDisabled();
      await context.close();
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
