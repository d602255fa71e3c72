import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumExecutable } from '../support/chromium.ts';
import { ROOT, startServer, type RunningServer } from '../support/server.ts';
import { expect, test } from '../support/fixtures.ts';

const HASH_DIST = path.join(ROOT, '.tmp', 'web-hash');
let hashServer: RunningServer;

test.describe('hash router build', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', HASH_DIST, '--emptyOutDir'],
      {
        cwd: path.join(ROOT, 'apps/web'),
        env: { ...process.env, VITE_ROUTER_MODE: 'hash' },
        stdio: 'ignore',
      },
    );
    hashServer = await startServer({ WEB_DIST: HASH_DIST });
  });
  test.afterAll(async () => hashServer?.stop());

  test('S2.1 with VITE_ROUTER_MODE=hash the routes live in the hash under /mchweb/', async () => {
    const { executablePath, args } = await chromiumExecutable();
    const browser = await chromium.launch({ executablePath, args });
    const page = await browser.newPage();
    await page.goto(`${hashServer.url}/mchweb/#/product`);
    await expect(page.getByTestId('page-product')).toBeVisible();
    await page.getByRole('navigation', { name: '站点导航' }).getByRole('link', { name: '客户案例' }).click();
    await expect(page).toHaveURL(`${hashServer.url}/mchweb/#/case`);
    await page.goto(`${hashServer.url}/mchweb/#/order`);
    await expect(page).toHaveURL(`${hashServer.url}/mchweb/#/login?redirect=%2Forder`);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await browser.close();
  });
});
