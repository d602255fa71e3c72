import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TIME_ZONE } from '@mchweb/contract/time-zone';
import { alipayConfig, type AlipayConfig } from './alipay/alipay-config.ts';
import { wechatPayConfig, type WechatPayConfig } from './wechatpay/wechatpay-config.ts';
import { readEnv, type AutoReview, type EnvSettings, type Environment, type SandboxRefund } from './config-env.ts';
import { smsConfigOf, type SmsConfig } from './config-sms.ts';

export {
  AUTO_REVIEW_MODES,
  ENVIRONMENTS,
  SANDBOX_REFUND_MODES,
  type AutoReview,
  type Environment,
  type SandboxRefund,
} from './config-env.ts';
export type { SmsConfig, SmsEndpoint } from './config-sms.ts';

/** The repository: found upwards from this module, which runs from apps/server/src or bundled in apps/server/dist. */
export const REPO_ROOT = (() => {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'apps/server/drizzle'))) return dir;
    if (path.dirname(dir) === dir)
      throw new Error('mchweb: the repository (apps/server/drizzle) is not above this file');
  }
})();

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; when empty the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | null;
  /**
   * DATABASE_DIRECT_URL: the primary itself when DATABASE_URL goes through PgBouncer in transaction mode; the
   * migrations (under a session advisory lock) and LISTEN use it, and DATABASE_URL gets no named statements.
   */
  directUrl: string | null;
  /** DATABASE_REPLICA_URL: a streaming replica for the reads that may lag (lists, totals, exports). */
  replicaUrl: string | null;
  /**
   * MCHWEB_NODES: how many machines (application nodes) serve this database, 1 by default. Above 1 a node cannot
   * keep uploads in a local directory (another node would not find them): S3_* is required.
   */
  nodes: number;
  dataDir: string;
  /**
   * Uploaded files, when no S3 store is set: UPLOAD_DIR, default `<DATA_DIR>/uploads` (also on PostgreSQL and in
   * tests, where the database keeps nothing in DATA_DIR; tests pass a temporary directory).
   */
  uploadDir: string;
  /** An S3-compatible store for uploads instead of uploadDir: set when S3_ENDPOINT or S3_BUCKET is. */
  s3: S3Config | null;
  redisUrl: string | null;
  logLevel: string;
  /** Directory holding the built web app (index.html + assets). */
  webDist: string;
  /**
   * MCHWEB_ENV, or from NODE_ENV when unset: what this server is for. Decides the sandbox and the defaults below.
   */
  env: Environment;
  /**
   * Sandbox: SMS codes readable through /api/merchant/dev/sms-outbox, orders paid by a notify anyone may send.
   * On by default in development and tests; staging may turn it on (MCHWEB_SANDBOX=true); production never.
   */
  sandbox: boolean;
  /** MCHWEB_ENV=production: no sandbox, no demo data unless SEED_DEMO=true, no demo password at start. */
  production: boolean;
  /**
   * Seed demo data into an empty database at start: by default in development and tests only. SEED_DEMO=true in
   * production asks for it explicitly (a public demo), and only then may the demo password stay in place.
   */
  seedDemo: boolean;
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For is believed (addresses, CIDRs or proxy-addr's named
   * ranges), or how many proxies stand in front; false: the connection's own address is the caller's.
   */
  trustProxy: false | number | string[];
  /** Time to receive a request's headers (ms, MCHWEB_HEADERS_TIMEOUT_MS); at most `requestTimeoutMs`. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, body included (ms, MCHWEB_REQUEST_TIMEOUT_MS): a half-sent body is cut. */
  requestTimeoutMs: number;
  /** How long an idle kept-alive connection waits for its next request (ms, MCHWEB_KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /**
   * Open connections one address may hold (MCHWEB_CONNECTIONS_PER_ADDRESS); more are closed at once. The
   * trusted proxies' own addresses are not capped. 0 = no cap.
   */
  maxConnectionsPerAddress: number;
  /** Publish the OpenAPI document and /api/docs: by default in development and tests; API_DOCS=true elsewhere. */
  apiDocs: boolean;
  /** Requests per minute per address on the API (sign-in has its own, stricter limits). */
  rateLimitPerMinute: number;
  /** Requests per minute per API key on the merchant API (/api/v1), whatever the address (issue 30). */
  apiRateLimitPerMinute: number;
  bodyLimitBytes: number;
  timezone: string;
  /**
   * How long a session, user and membership lookup is reused in this process (ms). Writes in this process
   * clear it at once; other processes' changes show after at most this long. 0 = off (default in tests).
   */
  accessCacheMs: number;
  /** Multiplies the per-address limits of sign-in, sign-up, SMS and password change (tests raise it). */
  authRateLimitScale: number;
  /**
   * The sandbox's own review of onboarding applications (MCHWEB_AUTO_REVIEW): approve or reject what was
   * submitted `autoReviewDelayMs` ago, or off (an operator reviews with `npm run ops -- inco:*`). Default:
   * approve in the sandbox, off in tests; production refuses any but off.
   */
  autoReview: AutoReview;
  autoReviewDelayMs: number;
  /**
   * The origin invitation links and payment codes point to (`https://pay.example.com`), MCHWEB_PUBLIC_ORIGIN; when
   * empty, the origin the member's request came to.
   */
  publicOrigin: string | null;
  /**
   * A font with Chinese glyphs for the printable sheets of payment codes (MCHWEB_PDF_FONT: a .ttf/.otf file, or
   * `file.ttc#PostScriptName` for a collection); when empty, the usual places of Noto Sans CJK and others are tried.
   */
  pdfFont: string | null;
  /**
   * The sandbox refund channel (MCHWEB_SANDBOX_REFUND): answer PROCESSING refunds `sandboxRefundDelayMs` after they
   * were asked for with success or failure, or off (tests answer them through `/api/pay/sandbox/refund-notify`).
   * Default: success in the sandbox, off in tests; production refuses any but off.
   */
  sandboxRefund: SandboxRefund;
  sandboxRefundDelayMs: number;
  /**
   * When the settlement job settles the previous business day, `HH:MM` in MCHWEB_TZ (MCHWEB_SETTLE_AT, default
   * 02:00); `off`: only `npm run ops -- settle:run` settles (the default in tests).
   */
  settleAt: string | null;
  /** A transfer above this (fen) needs the contact mobile's SMS code (MCHWEB_TRANSFER_SMS_ABOVE_FEN, ¥5,000). */
  transferSmsAboveFen: number;
  /** Per merchant per business day, transfers not failed (MCHWEB_TRANSFER_DAILY_LIMIT_FEN, ¥200,000). */
  transferDailyLimitFen: number;
  /**
   * GET /metrics (Prometheus) on a port of its own (METRICS_PORT, on METRICS_HOST, default 127.0.0.1), and on the
   * main port only with METRICS_TOKEN as a Bearer token (which the metrics port then asks for too). Neither set:
   * no metrics endpoint at all.
   */
  metricsPort: number | null;
  metricsHost: string;
  metricsToken: string | null;
  /** The sandbox payout channel (MCHWEB_SANDBOX_PAYOUT): like MCHWEB_SANDBOX_REFUND, for transfers. */
  sandboxPayout: SandboxRefund;
  sandboxPayoutDelayMs: number;
  /**
   * WeChat Pay API v3 as a service provider (WECHATPAY_*, all or none): when set, channel WECHAT is served by its
   * adapter (wechatpay/), in the sandbox too; else as before (the sandbox's channel, or none in production).
   */
  wechatPay: WechatPayConfig | null;
  /**
   * Alipay OpenAPI as a service provider (ALIPAY_*, app id and both keys or none): when set, channel ALIPAY is
   * served by its adapter (alipay/), in the sandbox too, as WeChat Pay's.
   */
  alipay: AlipayConfig | null;
  /**
   * Where SMS verification codes go (SMS_PROVIDER): Alibaba Cloud or Tencent Cloud SMS with their keys, sign name
   * and one template per scene; the outbox in the sandbox (its default there, refused anywhere else).
   */
  sms: SmsConfig;
  /**
   * Webhooks: the pauses between tries of a delivery (MCHWEB_WEBHOOK_RETRY_SCHEDULE, default the Standard
   * Webhooks schedule stretched to 3 days: 5s,5m,30m,2h,5h,10h,10h,10h,10h,10h,10h,5h), after which the endpoint
   * is turned off; and how long a try waits for the answer (MCHWEB_WEBHOOK_TIMEOUT_MS, 15 s).
   */
  webhookRetryDelaysMs: readonly number[];
  webhookTimeoutMs: number;
}

const S = 1000;
const H = 3600 * S;
/** 13 tries over 72 h 35 min: the Standard Webhooks (Svix) schedule, its 10 h pause repeated to reach 3 days. */
export const WEBHOOK_RETRY_SCHEDULE_MS = [
  5 * S,
  300 * S,
  1800 * S,
  2 * H,
  5 * H,
  10 * H,
  10 * H,
  10 * H,
  10 * H,
  10 * H,
  10 * H,
  5 * H,
];

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, OSS...), addressed path-style. */
export interface S3Config {
  /** e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio:9000`; empty is a configuration error. */
  endpoint: string;
  /** Empty is a configuration error. */
  bucket: string;
  region: string;
  /** Both null: the AWS SDK's own chain (AWS_ACCESS_KEY_ID..., an instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/** The configuration refused at start: each line names a variable and says what it must be. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`mchweb cannot start, its configuration is wrong:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * MCHWEB_ENV, else NODE_ENV (unset: development). NODE_ENV=production with MCHWEB_ENV=development or test is refused:
 * a production build told it is a development server is how a sandbox ends up public.
 */
function environmentOf(e: EnvSettings, problems: string[]): Environment {
  const env = e.MCHWEB_ENV ?? e.NODE_ENV ?? 'development';
  if (e.NODE_ENV === 'production' && (env === 'development' || env === 'test'))
    problems.push(
      `MCHWEB_ENV=${env} with NODE_ENV=production: say which one this server is (staging may run the sandbox)`,
    );
  return env;
}

/** What production refuses outright (issue 25, items 1 and 3), whatever else is set. */
function productionProblems(e: EnvSettings): string[] {
  const problems: string[] = [];
  const sandboxOnly = [
    ['MCHWEB_SANDBOX', e.MCHWEB_SANDBOX === true],
    ['MCHWEB_AUTO_REVIEW', e.MCHWEB_AUTO_REVIEW !== undefined && e.MCHWEB_AUTO_REVIEW !== 'off'],
    ['MCHWEB_SANDBOX_REFUND', e.MCHWEB_SANDBOX_REFUND !== undefined && e.MCHWEB_SANDBOX_REFUND !== 'off'],
    ['MCHWEB_SANDBOX_PAYOUT', e.MCHWEB_SANDBOX_PAYOUT !== undefined && e.MCHWEB_SANDBOX_PAYOUT !== 'off'],
  ] as const;
  for (const [name, on] of sandboxOnly)
    if (on)
      problems.push(
        `${name} turns on the sandbox (readable SMS codes, orders paid by anyone's notify), which production never ` +
          'runs: remove it, or run a test server with MCHWEB_ENV=staging',
      );
  if (!e.DATABASE_URL && !e.MCHWEB_EMBEDDED_OK)
    problems.push(
      'DATABASE_URL is not set: production would keep its data in the embedded PGlite database in DATA_DIR ' +
        '(one process, no replica, backups by copying the directory). Set DATABASE_URL, or MCHWEB_EMBEDDED_OK=true ' +
        'to run on the embedded database knowingly',
    );
  return problems;
}

/** What several nodes (MCHWEB_NODES above 1) or a pooler and a replica need besides their own setting. */
function clusterProblems(e: EnvSettings): string[] {
  const problems: string[] = [];
  const nodes = e.MCHWEB_NODES ?? 1;
  if (nodes > 1 && !e.S3_ENDPOINT && !e.S3_BUCKET)
    problems.push(
      `MCHWEB_NODES=${nodes} with uploads in a local directory (UPLOAD_DIR or DATA_DIR/uploads): a file uploaded ` +
        'through one node would be missing on the others. Set S3_ENDPOINT and S3_BUCKET (any S3-compatible store)',
    );
  if (nodes > 1 && !e.DATABASE_URL)
    problems.push(`MCHWEB_NODES=${nodes} needs DATABASE_URL: the embedded PGlite database is one process's`);
  for (const name of ['DATABASE_DIRECT_URL', 'DATABASE_REPLICA_URL'] as const)
    if (e[name] && !e.DATABASE_URL) problems.push(`${name} is set without DATABASE_URL`);
  return problems;
}

/**
 * The configuration from the environment; anything wrong stops the start with a ConfigError naming every wrong
 * variable. `overrides` (tests, benchmarks) replace settings after the checks.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const read = readEnv(env);
  if (!('settings' in read)) throw new ConfigError(read.problems);
  const e = read.settings;
  const problems: string[] = [];
  const name = environmentOf(e, problems);
  const production = name === 'production';
  if (production) problems.push(...productionProblems(e));
  const metricsHost = e.METRICS_HOST ?? '127.0.0.1';
  if (production && e.METRICS_PORT && !e.METRICS_TOKEN && !['127.0.0.1', '::1', 'localhost'].includes(metricsHost))
    problems.push(`METRICS_HOST=${metricsHost} in production needs METRICS_TOKEN: metrics off this machine ask for it`);
  const headersTimeoutMs = e.MCHWEB_HEADERS_TIMEOUT_MS ?? 10_000;
  const requestTimeoutMs = e.MCHWEB_REQUEST_TIMEOUT_MS ?? 60_000;
  if (headersTimeoutMs > requestTimeoutMs)
    problems.push(
      `MCHWEB_HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not be above MCHWEB_REQUEST_TIMEOUT_MS (${requestTimeoutMs})`,
    );
  problems.push(...clusterProblems(e));
  const wechatPay = wechatPayConfig(e, REPO_ROOT, problems);
  const alipay = alipayConfig(e, REPO_ROOT, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  // Demo data, API docs and the sandbox are for development and tests; staging asks for each, production for none.
  const developing = name === 'development' || name === 'test';
  const sandbox = !production && (e.MCHWEB_SANDBOX ?? developing);
  const sms = smsConfigOf(e, sandbox, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  // The sandbox answers reviews, refunds and payouts by itself, except in tests, which answer them when they choose.
  const sandboxAnswers = sandbox && name !== 'test';
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data');
  return {
    env: name,
    port: e.PORT ?? 8080,
    host: e.HOST ?? '127.0.0.1',
    databaseUrl: e.DATABASE_URL ?? null,
    directUrl: e.DATABASE_DIRECT_URL ?? null,
    replicaUrl: e.DATABASE_REPLICA_URL ?? null,
    nodes: e.MCHWEB_NODES ?? 1,
    dataDir,
    uploadDir: e.UPLOAD_DIR ? path.resolve(REPO_ROOT, e.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    s3:
      e.S3_ENDPOINT || e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT ?? '',
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION ?? 'us-east-1',
            accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
          }
        : null,
    redisUrl: e.REDIS_URL ?? null,
    logLevel: e.LOG_LEVEL ?? 'info',
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    sandbox,
    production,
    seedDemo: e.SEED_DEMO ?? developing,
    trustProxy: e.TRUST_PROXY ?? false,
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: e.MCHWEB_KEEP_ALIVE_TIMEOUT_MS ?? 72_000,
    maxConnectionsPerAddress: e.MCHWEB_CONNECTIONS_PER_ADDRESS ?? 256,
    apiDocs: e.API_DOCS ?? developing,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE ?? 600,
    apiRateLimitPerMinute: e.MCHWEB_API_RATE_LIMIT_PER_MINUTE ?? 600,
    bodyLimitBytes: e.BODY_LIMIT_BYTES ?? 1024 * 1024,
    timezone: e.MCHWEB_TZ ?? DEFAULT_TIME_ZONE,
    authRateLimitScale: e.AUTH_RATE_LIMIT_SCALE ?? 1,
    accessCacheMs: e.ACCESS_CACHE_MS ?? (name === 'test' ? 0 : 3000),
    autoReview: e.MCHWEB_AUTO_REVIEW ?? (sandboxAnswers ? 'approve' : 'off'),
    autoReviewDelayMs: e.MCHWEB_AUTO_REVIEW_DELAY_MS ?? 5000,
    publicOrigin: e.MCHWEB_PUBLIC_ORIGIN?.replace(/\/+$/, '') || null,
    pdfFont: e.MCHWEB_PDF_FONT ?? null,
    sandboxRefund: e.MCHWEB_SANDBOX_REFUND ?? (sandboxAnswers ? 'success' : 'off'),
    sandboxRefundDelayMs: e.MCHWEB_SANDBOX_REFUND_DELAY_MS ?? 3000,
    transferSmsAboveFen: e.MCHWEB_TRANSFER_SMS_ABOVE_FEN ?? 500_000,
    transferDailyLimitFen: e.MCHWEB_TRANSFER_DAILY_LIMIT_FEN ?? 20_000_000,
    sandboxPayout: e.MCHWEB_SANDBOX_PAYOUT ?? (sandboxAnswers ? 'success' : 'off'),
    sandboxPayoutDelayMs: e.MCHWEB_SANDBOX_PAYOUT_DELAY_MS ?? 3000,
    metricsPort: e.METRICS_PORT ?? null,
    metricsHost,
    metricsToken: e.METRICS_TOKEN ?? null,
    wechatPay,
    alipay,
    sms,
    webhookRetryDelaysMs: e.MCHWEB_WEBHOOK_RETRY_SCHEDULE ?? WEBHOOK_RETRY_SCHEDULE_MS,
    webhookTimeoutMs: e.MCHWEB_WEBHOOK_TIMEOUT_MS ?? 15_000,
    settleAt: e.MCHWEB_SETTLE_AT === undefined ? (name === 'test' ? null : '02:00') : e.MCHWEB_SETTLE_AT,
    ...overrides,
  };
}
