import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect } from '../support/fixtures.ts';
import { runOps, startServer, type RunningServer } from '../support/server.ts';
import { Api } from './company.helpers.ts';

/** Helpers of the operator console's specs: a server with operators, TOTP codes, signing in at /ops/. */

export const OPS_PASSWORD = 'Console-kite-2026';

export interface Operator {
  username: string;
  name: string;
  /** Known once the operator has enrolled (the CLI prints the first one's; the others read it at enrolment). */
  secret?: string;
}

// A code is accepted once per 30-second step, and the step after is accepted too: a second sign-in of the same
// operator within a step uses the next step's code rather than waiting.
const lastStep = new Map<string, number>();
export async function totp(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 30_000);
  const step = Math.max(now, (lastStep.get(secret) ?? -1) + 1);
  if (step > now + 1) await new Promise((r) => setTimeout(r, (step - 1) * 30_000 - Date.now() + 500));
  lastStep.set(secret, step);
  return generate({ secret, epoch: step * 30 });
}

/**
 * A server of its own with a first operator made by `npm run ops -- operator:create` (the way production gets
 * one). The CLI opens the embedded database, which one process at a time may hold: start (the demo copied in),
 * stop, create, start again, on a PGlite directory of its own even when DATABASE_URL is set (as staff.frozen).
 * Its existence stands the sandbox's auto-reviewer down: applications wait for people.
 */
export async function serverWithAdmin(): Promise<{ server: RunningServer; admin: Operator; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-e2e-ops-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  await (await startServer(env)).stop();
  const out = await runOps(dataDir, 'operator:create', 'ada', '--name', 'Ada Admin', '--password', OPS_PASSWORD);
  const secret = /TOTP secret[^:]*: (\S+)/.exec(out)?.[1];
  if (!secret) throw new Error(`no TOTP secret in:\n${out}`);
  const server = await startServer(env);
  return {
    server,
    admin: { username: 'ada', name: 'Ada Admin', secret },
    async close() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The admin makes an operator over the API (as the Operators page does); the operator enrols at first sign-in. */
export async function createOperator(serverUrl: string, admin: Operator, op: Operator, roles: string[]) {
  const api = await Api.open(serverUrl);
  const login = Api.ok(
    await api.post<{ token: string }>('/api/ops/login', { account: admin.username, password: OPS_PASSWORD }),
  );
  api.token = login.token;
  Api.ok(await api.post('/api/ops/totp/verify', { code: await totp(admin.secret!) }));
  Api.ok(await api.post('/api/ops/operator/create', { ...op, roles, password: OPS_PASSWORD }));
  await api.post('/api/ops/logout');
}

/**
 * Sign in at /ops/login in the browser: password, then the code; at the first sign-in the console shows the
 * secret to type into an authenticator, which the test reads as a person's phone would scan it.
 */
export async function opsSignIn(page: Page, serverUrl: string, op: Operator) {
  await page.goto(`${serverUrl}/ops/login`);
  await page.locator('input[autocomplete=username]').fill(op.username);
  await page.locator('input[autocomplete=current-password]').fill(OPS_PASSWORD);
  await page.locator('button[type=submit]').click();
  const otp = page.locator('.ant-otp input').first();
  await expect(otp).toBeVisible();
  if (!op.secret) op.secret = (await page.getByTestId('totp-secret').locator('code').innerText()).trim();
  await otp.pressSequentially(await totp(op.secret));
  await expect(page).not.toHaveURL(/\/ops\/login/);
  await expect(page.getByTestId('ops-operator')).toHaveText(op.name);
}

/** A desktop browser of its own for one person (a fresh storage: nobody else's session or language). */
export async function desk(browser: Browser, locale: 'zh-CN' | 'en-US') {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
  return context.newPage();
}
