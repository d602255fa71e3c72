import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { Envelope, Language } from '@mchweb/contract';
import { buildApp } from '../src/app.ts';
import type { Channels } from '../src/channels.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { FileStorage } from '../src/file-storage.ts';
import type { SmsSender } from '../src/sms-sender.ts';
import { seedDemoIfEmpty } from '../src/sandbox/seed-demo.ts';

/**
 * A fresh database for one test: in-memory PGlite by default, or a new database created on the PostgreSQL
 * server of DATABASE_URL (dropped again by `close`). Tests never share data.
 */
export async function freshDatabase(): Promise<Database & { drop(): Promise<void>; url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    await database.migrate();
    return { ...database, drop: () => database.close() };
  }
  const name = `mchweb_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: null });
  await database.migrate();
  return {
    ...database,
    /** The fresh database's own URL (PostgreSQL only). */
    url: target.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /**
   * A caller with its own cookie jar (XSRF) and, after signing in, its own token. It asks for English answers
   * unless told otherwise (the API's own default, with no Accept-Language, is Chinese).
   */
  client(token?: string, language?: Language): TestClient;
  /** Sign in and return a client carrying the token. */
  signIn(account: string, password?: string): Promise<TestClient>;
  close(): Promise<void>;
}

export interface TestClient {
  token: string | undefined;
  get<T = unknown>(url: string, query?: Record<string, string | number>): Promise<Reply<T>>;
  post<T = unknown>(url: string, body?: unknown, extra?: Partial<InjectOptions>): Promise<Reply<T>>;
  raw(opts: InjectOptions): Promise<LightMyRequestResponse>;
}
export interface Reply<T> {
  http: number;
  body: Envelope<T>;
  res: LightMyRequestResponse;
}

export const DEMO_PASSWORD = 'Demo@2026';

export interface TestAppOptions {
  seed?: boolean;
  config?: Partial<Config>;
  /** Pino options for the app (e.g. `{ stream }` to read its log); no log by default. */
  logger?: object;
  /** Use this database instead of a fresh one; `close` then only closes it (the caller drops it). */
  database?: Database;
  /** Storage of uploads; by default a local directory of its own under the system's temp dir, removed by close. */
  storage?: FileStorage;
  /** The channels' adapters; by default the config's (the sandbox's). */
  channels?: Channels;
  /** The SMS sender; by default the one the config's SMS_PROVIDER names (the sandbox's outbox). */
  smsSender?: SmsSender;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database: Database & { drop?: () => Promise<void> } = opts.database ?? (await freshDatabase());
  // Created by the first upload, if any: uploads never land in the repository's data/.
  const uploadDir = path.join(os.tmpdir(), `mchweb-uploads-${crypto.randomBytes(6).toString('hex')}`);
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { rateLimitPerMinute: 10_000, webDist: '/nonexistent', uploadDir, ...opts.config },
  );
  const app = await buildApp({
    config,
    database,
    logger: opts.logger ?? false,
    storage: opts.storage,
    channels: opts.channels,
    smsSender: opts.smsSender,
  });
  // 30 days of demo orders (400), not a first start's 90: the same data every test was written on, 2 s faster.
  if (opts.seed !== false) await seedDemoIfEmpty(database.db, undefined, { days: 30 });

  const client = (token?: string, language: Language = 'en-US'): TestClient => {
    const lang = { 'accept-language': language };
    const self: TestClient = {
      token,
      raw: (o) => app.inject({ ...o, headers: { ...lang, ...o.headers } }),
      async get(url, query) {
        const res = await app.inject({
          method: 'GET',
          url,
          query: query as Record<string, string>,
          headers: { ...lang, ...(self.token ? { token: self.token } : {}) },
        });
        return { http: res.statusCode, body: res.json(), res };
      },
      async post(url, body, extra = {}) {
        // Bound to the session the call carries, as the cookie a sign-in sets is (issue 25.9).
        const xsrf = app.xsrfToken(self.token);
        const res = await app.inject({
          method: 'POST',
          url,
          payload: body === undefined ? {} : (body as object),
          ...extra,
          headers: {
            ...lang,
            cookie: `XSRF-TOKEN=${xsrf}`,
            'x-xsrf-token': xsrf,
            ...(self.token ? { token: self.token } : {}),
            ...extra.headers,
          },
        });
        return { http: res.statusCode, body: res.json(), res };
      },
    };
    return self;
  };

  return {
    app,
    database,
    config,
    client,
    async signIn(account, password = DEMO_PASSWORD) {
      const res = await client().post<{ token: string }>('/api/merchant/login', { account, password });
      if (res.body.code !== 200) throw new Error(`sign-in of ${account} failed: ${res.body.msg}`);
      return client(res.body.data.token);
    },
    async close() {
      await app.close();
      await (opts.database ? database.close() : database.drop!());
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/** A POST answered with a file (an export), as the raw response. */
export function download(t: TestApp, client: TestClient, url: string, payload: object) {
  const x = t.app.xsrfToken(client.token);
  return client.raw({
    method: 'POST',
    url,
    payload,
    headers: { token: client.token!, cookie: `XSRF-TOKEN=${x}`, 'x-xsrf-token': x },
  });
}
