import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDetail } from '@mchweb/contract';
import { REPO_ROOT } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedDemoIfEmpty } from '../src/sandbox/seed-demo.ts';
import { localFileStorage } from '../src/modules/upload/index.ts';
import { OpsError } from '../src/ops-error.ts';
import { COMMANDS, runOps } from '../src/ops/cli.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { submittedApplication } from './onboarding-fixtures.ts';

let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('13800138000');
});
afterAll(async () => t.close());

const run = (name: string, ...args: string[]) => COMMANDS[name]!.run(t.database.db, args);

describe('inco:* commands', () => {
  it('inco:list shows applications of every organisation, filtered by status', async () => {
    const table = (await run('inco:list', '--status', 'submitted,auditing')).split('\n');
    expect(table[0]).toMatch(
      /^applyNo\s+status\s+companyId\s+name\s+type\s+source\s+submittedAt\s+mchNo\s+rejectReason$/,
    );
    expect(table.slice(2).map((line) => line.split(/\s+/)[1])).toEqual(['AUDITING', 'SUBMITTED']);
    await expect(run('inco:list', '--status', 'ASLEEP')).rejects.toThrow(
      new OpsError('Unknown status ASLEEP; one of DRAFT, SUBMITTED, AUDITING, APPROVED, REJECTED, CANCELED.'),
    );
  });

  it('inco:approve and inco:reject as the operator; refusals are one plain line', async () => {
    const first = await submittedApplication(owner);
    expect(await run('inco:approve', first)).toMatch(
      new RegExp(`^Application ${first} is APPROVED: merchant M\\d{9} created for organisation 1\\.$`),
    );
    await expect(run('inco:approve', first)).rejects.toThrow(
      new OpsError(
        'applyNo: the application is APPROVED; only a submitted application or one under review can be approved',
      ),
    );
    const second = await submittedApplication(owner);
    await expect(run('inco:reject', second)).rejects.toThrow(/needs --reason/);
    expect(await run('inco:reject', second, '--reason', '法人证件已过期')).toMatch(/is REJECTED/);
    const got = (await owner.get<ApplicationDetail>('/api/merchant/inco/detail', { applyNo: second })).body.data;
    expect(got).toMatchObject({ status: 'REJECTED', rejectReason: '法人证件已过期' });
    await expect(run('inco:approve', 'A123')).rejects.toThrow('"A123" is not an application number (A and 20 digits).');
    await expect(run('inco:approve', 'A20000101000000000000')).rejects.toThrow(new OpsError('Application not found'));
  });

  it('are listed in the usage', async () => {
    const out: string[] = [];
    expect(await runOps(['help'], { out: (s) => out.push(s), err: () => {} })).toBe(0);
    expect(out[0]).toMatch(/inco:reject <applyNo> --reason "\.\.\."/);
  });
});

describe('the command line', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-ops-onboarding-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const ops = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
    delete env.DATABASE_URL;
    return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...args], {
      cwd: REPO_ROOT,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
  };

  it('npm run ops -- inco:list / inco:approve on the demo data of a PGlite directory', async () => {
    const database = await openDatabase({ databaseUrl: null, dataDir });
    await database.migrate();
    // With a storage, the demo applications carry real documents, so the demo's submission can be approved.
    await seedDemoIfEmpty(database.db, localFileStorage(path.join(dataDir, 'uploads')));
    await database.close();

    const list = ops('inco:list', '--status', 'SUBMITTED');
    expect(list.status).toBe(0);
    const applyNo = /^(A\d{20})\s+SUBMITTED\s+1\s+杭州晨光咖啡钱江新城有限公司/m.exec(list.stdout)?.[1];
    expect(applyNo, list.stdout).toBeDefined();
    const approve = ops('inco:approve', applyNo!);
    expect([approve.status, approve.stdout.trim()]).toEqual([
      0,
      `Application ${applyNo} is APPROVED: merchant M100001002 created for organisation 1.`,
    ]);
    const again = ops('inco:reject', applyNo!, '--reason', 'too late');
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe(
      'applyNo: the application is APPROVED; only a submitted application or one under review can be rejected',
    );
  }, 180_000);
});
