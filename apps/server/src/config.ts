import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@mchweb/contract/time-zone';

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
  /** Sandbox: SMS codes readable through /api/merchant/dev/sms-outbox. Never in production. */
  sandbox: boolean;
  /** NODE_ENV=production: no sandbox, no demo data unless SEED_DEMO=true, no demo password at start. */
  production: boolean;
  /**
   * Seed demo data into an empty database at start: by default outside production only. SEED_DEMO=true in
   * production asks for it explicitly (a public demo), and only then may the demo password stay in place.
   */
  seedDemo: boolean;
  trustProxy: boolean;
  /** Publish the OpenAPI document and /api/docs: by default outside production; API_DOCS=true in production. */
  apiDocs: boolean;
  /** Requests per minute per address on the API (sign-in has its own, stricter limits). */
  rateLimitPerMinute: number;
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
   * approve in the sandbox, off in production and in tests.
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
   * Default: success in the sandbox, off in production and in tests.
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
  /** The sandbox payout channel (MCHWEB_SANDBOX_PAYOUT): like MCHWEB_SANDBOX_REFUND, for transfers. */
  sandboxPayout: SandboxRefund;
  sandboxPayoutDelayMs: number;
  /**
   * GET /metrics (Prometheus) on a port of its own (METRICS_PORT, on METRICS_HOST, default 127.0.0.1), and on the
   * main port only with METRICS_TOKEN as a Bearer token (which the metrics port then asks for too). Neither set:
   * no metrics endpoint at all.
   */
  metricsPort: number | null;
  metricsHost: string;
  metricsToken: string | null;
}

export const SANDBOX_REFUND_MODES = ['success', 'fail', 'off'] as const;
export type SandboxRefund = (typeof SANDBOX_REFUND_MODES)[number];

export const AUTO_REVIEW_MODES = ['approve', 'reject', 'off'] as const;
export type AutoReview = (typeof AUTO_REVIEW_MODES)[number];

/** One of `modes` from the variable `name`, or `fallback` when it is unset; anything else stops the start. */
function oneOf<const T extends readonly string[]>(
  name: string,
  modes: T,
  value: string | undefined,
  fallback: T[number],
): T[number] {
  if (value === undefined || value === '') return fallback;
  const mode = value.toLowerCase();
  if ((modes as readonly string[]).includes(mode)) return mode;
  throw new Error(`${name} must be one of ${modes.join(', ')}; got "${value}"`);
}

function settleAt(value: string): string | null {
  if (value.toLowerCase() === 'off') return null;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value))
    throw new Error(`MCHWEB_SETTLE_AT must be HH:MM or off; got "${value}"`);
  return value;
}

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

/** MCHWEB_TZ: an IANA zone; a wrong one stops the start rather than failing each query that counts by days. */
function timeZone(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_TIME_ZONE;
  if (!isTimeZone(value)) throw new Error(`MCHWEB_TZ must be an IANA time zone such as Asia/Shanghai; got "${value}"`);
  return value;
}

/** METRICS_PORT, METRICS_HOST and METRICS_TOKEN, checked together: a guessable or public endpoint stops the start. */
function metricsSettings(env: NodeJS.ProcessEnv, production: boolean) {
  const port = env.METRICS_PORT ? Number(env.METRICS_PORT) : null;
  if (port !== null && !(Number.isInteger(port) && port > 0 && port < 65536))
    throw new Error(`METRICS_PORT must be a port number from 1 to 65535; got "${env.METRICS_PORT}"`);
  const token = env.METRICS_TOKEN || null;
  if (token !== null && token.length < 16)
    throw new Error('METRICS_TOKEN must be at least 16 characters long (a random string: openssl rand -hex 24)');
  const host = env.METRICS_HOST || '127.0.0.1';
  if (production && port !== null && token === null && !['127.0.0.1', '::1', 'localhost'].includes(host))
    throw new Error(`METRICS_HOST=${host} in production needs METRICS_TOKEN: metrics off this machine ask for it`);
  return { metricsPort: port, metricsHost: host, metricsToken: token };
}

function int(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
}
function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production';
  const sandbox = bool(env.MCHWEB_SANDBOX, !production);
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR || 'data');
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    uploadDir: env.UPLOAD_DIR ? path.resolve(REPO_ROOT, env.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    s3:
      env.S3_ENDPOINT || env.S3_BUCKET
        ? {
            endpoint: env.S3_ENDPOINT || '',
            bucket: env.S3_BUCKET || '',
            region: env.S3_REGION || 'us-east-1',
            accessKeyId: env.S3_ACCESS_KEY_ID || null,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
          }
        : null,
    redisUrl: env.REDIS_URL || null,
    logLevel: env.LOG_LEVEL || 'info',
    webDist: path.resolve(REPO_ROOT, env.WEB_DIST || 'apps/web/dist'),
    sandbox,
    production,
    seedDemo: bool(env.SEED_DEMO, !production),
    trustProxy: bool(env.TRUST_PROXY, false),
    apiDocs: bool(env.API_DOCS, !production),
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 600),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    timezone: timeZone(env.MCHWEB_TZ),
    authRateLimitScale: Math.max(1, int(env.AUTH_RATE_LIMIT_SCALE, 1)),
    accessCacheMs: int(env.ACCESS_CACHE_MS, env.NODE_ENV === 'test' ? 0 : 3000),
    autoReview: oneOf(
      'MCHWEB_AUTO_REVIEW',
      AUTO_REVIEW_MODES,
      env.MCHWEB_AUTO_REVIEW,
      sandbox && env.NODE_ENV !== 'test' ? 'approve' : 'off',
    ),
    autoReviewDelayMs: Math.max(0, int(env.MCHWEB_AUTO_REVIEW_DELAY_MS, 5000)),
    publicOrigin: env.MCHWEB_PUBLIC_ORIGIN?.replace(/\/+$/, '') || null,
    pdfFont: env.MCHWEB_PDF_FONT || null,
    sandboxRefund: oneOf(
      'MCHWEB_SANDBOX_REFUND',
      SANDBOX_REFUND_MODES,
      env.MCHWEB_SANDBOX_REFUND,
      sandbox && env.NODE_ENV !== 'test' ? 'success' : 'off',
    ),
    sandboxRefundDelayMs: Math.max(0, int(env.MCHWEB_SANDBOX_REFUND_DELAY_MS, 3000)),
    transferSmsAboveFen: Math.max(0, int(env.MCHWEB_TRANSFER_SMS_ABOVE_FEN, 500_000)),
    transferDailyLimitFen: Math.max(1, int(env.MCHWEB_TRANSFER_DAILY_LIMIT_FEN, 20_000_000)),
    sandboxPayout: oneOf(
      'MCHWEB_SANDBOX_PAYOUT',
      SANDBOX_REFUND_MODES,
      env.MCHWEB_SANDBOX_PAYOUT,
      sandbox && env.NODE_ENV !== 'test' ? 'success' : 'off',
    ),
    sandboxPayoutDelayMs: Math.max(0, int(env.MCHWEB_SANDBOX_PAYOUT_DELAY_MS, 3000)),
    settleAt: settleAt(env.MCHWEB_SETTLE_AT ?? (env.NODE_ENV === 'test' ? 'off' : '02:00')),
    ...metricsSettings(env, production),
    ...overrides,
  };
}
