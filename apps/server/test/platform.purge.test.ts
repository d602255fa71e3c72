import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { loginFailures } from '../src/modules/auth/auth.tables.ts';
import { purgeOldLoginFailures } from '../src/modules/auth/index.ts';
import { documentFileIdsInUse } from '../src/modules/onboarding/index.ts';
import { createSession, purgeEndedSessions } from '../src/modules/session/index.ts';
import { sessions } from '../src/modules/session/session.tables.ts';
import { purgeExpiredSmsCodes } from '../src/modules/sms/index.ts';
import { smsCodes } from '../src/modules/sms/sms.tables.ts';
import { localFileStorage, purgeUnusedUploads } from '../src/modules/upload/index.ts';
import { uploads } from '../src/modules/upload/upload.tables.ts';
import { findUserByMobile } from '../src/modules/user/index.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { individualBusiness, upload } from './onboarding-fixtures.ts';

// Issue 25.10: what each purge deletes and what it keeps. The rows are made, then aged by moving their times back.
const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-purge-'));
const storage = localFileStorage(dir);
let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await createTestApp({ storage });
  userId = (await findUserByMobile(t.database.db, '13800138002'))!.id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('purges of rows nobody needs any more (issue 25.10)', () => {
  it('sessions: ended more than a day ago go; live ones and ones ended lately (still "ended elsewhere") stay', async () => {
    const db = t.database.db;
    // One session per case, told apart by its user agent, then aged.
    const cases = ['live', 'expired', 'idle', 'revokedLong', 'revokedLately'];
    for (const ua of cases) await createSession(db, { userId, companyId: 1, ip: '', userAgent: ua });
    const age = (ua: string, set: Partial<typeof sessions.$inferInsert>) =>
      db
        .update(sessions)
        .set(set)
        .where(and(eq(sessions.userId, userId), eq(sessions.userAgent, ua)));
    await age('expired', { expiresAt: ago(25 * HOUR) });
    await age('idle', { lastSeenAt: ago(2 * HOUR + 25 * HOUR) });
    await age('revokedLong', { revokedAt: ago(25 * HOUR), revokeReason: 'logout' });
    await age('revokedLately', { revokedAt: ago(HOUR), revokeReason: 'password' });

    expect(await purgeEndedSessions(db)).toBe(3);
    const left = await db.select({ ua: sessions.userAgent }).from(sessions).where(eq(sessions.userId, userId));
    expect(left.map((r) => r.ua).sort()).toEqual(['live', 'revokedLately']);
    expect(await purgeEndedSessions(db)).toBe(0);
  });

  it('SMS codes: expired ones go (used or not); a code still valid stays', async () => {
    const db = t.database.db;
    const code = (mobile: string, expiresAt: Date, consumedAt: Date | null = null) => ({
      mobile,
      scene: 'register',
      codeHash: 'x',
      expiresAt,
      consumedAt,
    });
    await db
      .insert(smsCodes)
      .values([
        code('13925010001', ago(60_000)),
        code('13925010002', ago(60_000), ago(120_000)),
        code('13925010003', new Date(Date.now() + 4 * 60_000)),
      ]);
    expect(await purgeExpiredSmsCodes(db)).toBeGreaterThanOrEqual(2);
    const left = await db.select({ mobile: smsCodes.mobile }).from(smsCodes);
    expect(left.map((r) => r.mobile)).toEqual(['13925010003']);
  });

  it('failed sign-ins: older than the 15-minute window go; recent ones, which still pause, stay', async () => {
    const db = t.database.db;
    await db.insert(loginFailures).values([
      { account: 'purge:old', ip: '10.9.9.9', at: ago(16 * 60_000) },
      { account: 'purge:recent', ip: '10.9.9.9', at: ago(60_000) },
    ]);
    expect(await purgeOldLoginFailures(db)).toBe(1);
    const left = await db.select({ account: loginFailures.account }).from(loginFailures);
    expect(left.map((r) => r.account)).toEqual(['purge:recent']);
  });

  it('uploads: after a day, those no application names go with their bytes; named or recent ones stay', async () => {
    const owner = await t.signIn('13800138000');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(owner)).body.data.fileId);
    const [named, unused, recent] = ids as [string, string, string];
    const draft = { ...individualBusiness(), documents: [{ kind: 'LICENCE', fileId: named }] };
    expect((await owner.post('/api/merchant/inco/save', draft)).body.code).toBe(200);
    const db = t.database.db;
    await db
      .update(uploads)
      .set({ createdAt: ago(25 * HOUR) })
      .where(inArray(uploads.fileId, [named, unused]));
    const keyOf = async (fileId: string) =>
      (await db.select().from(uploads).where(eq(uploads.fileId, fileId)))[0]!.storageKey;
    const unusedKey = await keyOf(unused);
    expect(await storage.get(unusedKey)).not.toBeNull();

    expect(await purgeUnusedUploads(db, storage, documentFileIdsInUse())).toBe(1);
    const left = await db.select({ fileId: uploads.fileId }).from(uploads).where(inArray(uploads.fileId, ids));
    expect(left.map((r) => r.fileId).sort()).toEqual([named, recent].sort());
    expect(await storage.get(unusedKey)).toBeNull();
    // The demo data's own applications name no upload of these, and the purge took none of the kept ones.
    expect(await storage.get(await keyOf(named))).not.toBeNull();
  });
});
