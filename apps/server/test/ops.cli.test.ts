import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@mchweb/contract';
import { REPO_ROOT } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedDemoIfEmpty } from '../src/sandbox/seed-demo.ts';
import { changeCompanyStatus, listCompaniesForOps } from '../src/modules/company/company.ops.ts';
import { OpsError } from '../src/ops-error.ts';
import { COMMANDS, formatTable, OPERATOR, runOps, usersWithCompanies } from '../src/ops/cli.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { codeFor, paid, shanghaiDay } from './payment-fixtures.ts';
import { RECONCILE_CHECKS } from '../src/modules/index.ts';
import { reconcileDay } from '../src/reconcile.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('ops reconcile', () => {
  it('reports a day still to be settled as open, not as a difference; once due, its missing settlement is one', async () => {
    // Money moved today: a payment of the demo's first merchant.
    await paid(t.client(), await codeFor(t.database.db, 'M100000001'), 1_000);
    const reconcile = COMMANDS['reconcile']!;
    const today = shanghaiDay(0);
    // Answered (exit 0), not thrown as an OpsError (exit 1).
    expect(await reconcile.run(t.database.db, ['--date', today])).toMatch(
      new RegExp(
        `^${today}: orders, ledger and settlements agree\\.\\n${today} is open [^\\n]*\\n(M\\d+: .*\\n)*M100000001: ${today} is not settled yet`,
      ),
    );
    // The same day seen two days later, still unsettled: a difference.
    const later = await reconcileDay(t.database.db, RECONCILE_CHECKS, today, {
      tz: 'Asia/Shanghai',
      now: new Date(Date.now() + 2 * 86_400_000),
    });
    expect(later.differences).toContain(`M100000001: money moved on ${today} but there is no settlement`);
    expect(later.open).toEqual([]);
    await expect(reconcile.run(t.database.db, ['--date', 'yesterday'])).rejects.toThrow(
      new OpsError('--date YYYY-MM-DD is required.'),
    );
  });
});

describe('operator commands', () => {
  it('company:list and user:list show the demo organisations and users', async () => {
    const companies = await listCompaniesForOps(t.database.db);
    expect(companies.map((c) => [c.status, c.members, c.opened])).toEqual([
      ['ACTIVE', 4, true],
      ['ACTIVE', 1, false],
    ]);
    const users = await usersWithCompanies(t.database.db);
    expect(users.map((u) => [u.mobile, u.organisations])).toEqual([
      ['13800138000', 2],
      ['13800138001', 1],
      ['13800138002', 1],
      ['13800138003', 1],
    ]);
    const table = formatTable(users).split('\n');
    expect(table[0]).toMatch(/^id\s+mobile\s+username\s+name\s+organisations\s+createdAt$/);
    expect(table[2]).toMatch(/^1\s+13800138000\s+demo\s+王芳 Wang Fang\s+2\s/);
  });

  it('freeze -> unfreeze -> close, each audit-logged without a user; wrong states are refused plainly', async () => {
    const [coffee] = await listCompaniesForOps(t.database.db);
    const id = coffee!.id;
    // A refusal of the service, in both languages (the console shows it; the command line prints the English).
    await expect(changeCompanyStatus(t.database.db, OPERATOR, id, 'unfreeze')).rejects.toThrow(
      `Organisation ${id} is ACTIVE; unfreeze applies only to FROZEN organisations.`,
    );
    expect(await changeCompanyStatus(t.database.db, OPERATOR, id, 'freeze')).toBe('FROZEN');
    await expect(changeCompanyStatus(t.database.db, OPERATOR, id, 'freeze')).rejects.toThrow(
      /is FROZEN; freeze applies only/,
    );
    expect(await changeCompanyStatus(t.database.db, OPERATOR, id, 'unfreeze')).toBe('ACTIVE');

    const owner = await t.signIn('13800138000');
    const log = (await owner.get<AuditPage>('/api/merchant/audit/list', { limit: 2 })).body.data.items;
    expect(log.map((e) => [e.action, e.userId, e.targetId])).toEqual([
      ['ops.company.unfreeze', null, String(id)],
      ['ops.company.freeze', null, String(id)],
    ]);

    expect(await changeCompanyStatus(t.database.db, OPERATOR, id, 'close')).toBe('CLOSED');
    await expect(changeCompanyStatus(t.database.db, OPERATOR, id, 'unfreeze')).rejects.toThrow(/is CLOSED/);
    await expect(changeCompanyStatus(t.database.db, OPERATOR, 999_999, 'freeze')).rejects.toThrow(
      'No organisation with id 999999.',
    );
  });

  it('bad input: unknown command, missing or malformed id, exit code 1 and a clear message', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (s: string) => out.push(s), err: (s: string) => err.push(s), config: t.config };
    expect(await runOps(['company:melt', '1'], io)).toBe(1);
    expect(err.pop()).toMatch(/^Unknown command "company:melt"\.[\s\S]*company:freeze <id>/);
    expect(await runOps([], io)).toBe(1);
    expect(out.pop()).toMatch(/^Usage: npm run ops -- <command>/);
  });
});

describe('the command line', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-ops-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const ops = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
    delete env.DATABASE_URL; // the embedded database of DATA_DIR, as a server without DATABASE_URL would use
    return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...args], {
      cwd: REPO_ROOT,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
  };

  it('npm run ops -- company:freeze / company:list on the PGlite data directory', { timeout: 120_000 }, async () => {
    const database = await openDatabase({ databaseUrl: null, dataDir });
    await database.migrate();
    await seedDemoIfEmpty(database.db);
    await database.close();

    const freeze = ops('company:freeze', '2');
    expect([freeze.status, freeze.stdout.trim()]).toEqual([0, 'Organisation 2 is now FROZEN.']);
    const list = ops('company:list');
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/^2\s+上海麦香烘焙店 Wheat Fragrance Bakery\s+\S+\s+FROZEN\s+false\s+1\s/m);
    const bad = ops('company:freeze', 'two');
    expect([bad.status, bad.stderr.trim()]).toEqual([1, '"two" is not an organisation id (a positive number).']);
  });
});
