import net from 'node:net';
import { z } from 'zod';
import { isTimeZone } from '@mchweb/contract/time-zone';

/**
 * The server's settings as read from the environment: one zod schema that says what each variable may hold.
 * A value it refuses (PORT=abc, a boolean that is neither true nor false, an unknown MCHWEB_* name) stops the start
 * with a message naming the variable. Defaults that depend on the environment name are decided in config.ts.
 */

export const ENVIRONMENTS = ['development', 'test', 'staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const SANDBOX_REFUND_MODES = ['success', 'fail', 'off'] as const;
export type SandboxRefund = (typeof SANDBOX_REFUND_MODES)[number];

export const AUTO_REVIEW_MODES = ['approve', 'reject', 'off'] as const;
export type AutoReview = (typeof AUTO_REVIEW_MODES)[number];

/** Where SMS verification codes go: Alibaba Cloud SMS, Tencent Cloud SMS, or the sandbox's outbox (sandbox only). */
export const SMS_PROVIDERS = ['aliyun', 'tencent', 'outbox'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/**
 * The setting naming each SMS scene's template (the scenes of the sms module's `SCENE_TEXT`, and the company
 * module's notice). One template per scene: both providers approve a template for one stated purpose.
 */
export const SMS_TEMPLATE_SETTINGS = {
  register: 'SMS_TEMPLATE_REGISTER',
  bindMobile: 'SMS_TEMPLATE_BIND_MOBILE',
  resetPassword: 'SMS_TEMPLATE_RESET_PASSWORD',
  funds: 'SMS_TEMPLATE_FUNDS',
  changeMobile: 'SMS_TEMPLATE_CHANGE_MOBILE',
  /** Not a code: the notice to the number an organisation's contact mobile was moved away from. */
  mobileChanged: 'SMS_TEMPLATE_MOBILE_CHANGED',
  /** Not a code: the notice to an organisation's contact mobile that a webhook endpoint was turned off. */
  webhookDisabled: 'SMS_TEMPLATE_WEBHOOK_DISABLED',
} as const;
export type SmsScene = keyof typeof SMS_TEMPLATE_SETTINGS;

/** An empty variable counts as unset, as a shell's `VAR=` means. */
const blank = (v: unknown) => (v === '' ? undefined : v);

const text = z.preprocess(blank, z.string().optional());

/** A whole number from `min` to `max`: `abc`, `1e3x`, `-1` or `2.5` stop the start rather than becoming a default. */
const whole = (min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be from ${min} to ${max}`)
      .optional(),
  );

const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];
const flag = z.preprocess(
  blank,
  z
    .string()
    .transform((v, ctx) => {
      if (TRUE.includes(v.toLowerCase())) return true;
      if (FALSE.includes(v.toLowerCase())) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    })
    .optional(),
);

const oneOf = <const T extends readonly [string, ...string[]]>(modes: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? blank(v.toLowerCase()) : v),
    z.enum(modes, { error: `must be one of ${modes.join(', ')}` }).optional(),
  );

/** Named ranges proxy-addr (Fastify's trustProxy) understands besides addresses and CIDRs. */
export const PROXY_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};
const isAddressOrCidr = (entry: string) => {
  if (entry in PROXY_RANGES) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * TRUST_PROXY: whom X-Forwarded-For is believed from. `true` (anyone) let any caller pick their own address and
 * escape the per-address limits (issue 25, item 6), so it is refused with what to give instead.
 */
const trustProxy = z.preprocess(
  blank,
  z
    .string()
    .transform((v, ctx): false | number | string[] => {
      const value = v.trim().toLowerCase();
      if (value === '' || FALSE.includes(value)) return false;
      if (/^\d+$/.test(value)) return Number(value);
      if (TRUE.includes(value)) {
        ctx.addIssue({
          code: 'custom',
          message:
            "may no longer be true (that trusts any caller's X-Forwarded-For): give the proxies' addresses or CIDRs, " +
            'comma-separated (e.g. 10.0.0.5,10.1.0.0/16, or loopback), or the number of proxies in front (e.g. 1)',
        });
        return z.NEVER;
      }
      const entries = value.split(',').map((s) => s.trim());
      const wrong = entries.filter((s) => !isAddressOrCidr(s));
      if (wrong.length === 0) return entries;
      ctx.addIssue({
        code: 'custom',
        message: `must be addresses or CIDRs, comma-separated, or a number of proxies (not ${wrong.join(', ')})`,
      });
      return z.NEVER;
    })
    .optional(),
);

const timeZone = z.preprocess(
  blank,
  z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Shanghai').optional(),
);

const settleAt = z.preprocess(
  blank,
  z
    .string()
    .refine((v) => v.toLowerCase() === 'off' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'must be HH:MM or off')
    .transform((v) => (v.toLowerCase() === 'off' ? null : v))
    .optional(),
);

/** A text that must match `re` (a malformed id stops the start naming it). */
const shaped = (re: RegExp, message: string) => z.preprocess(blank, z.string().regex(re, message).optional());

const httpUrl = z.preprocess(
  blank,
  z
    .string()
    .refine((v) => /^https?:\/\/[^/\s]+/.test(v) && URL.canParse(v), 'must be an http(s) URL such as https://host')
    .optional(),
);

/** A service's address: `https://host[:port]` (http only for a local test gateway). */
const endpoint = z.preprocess(
  blank,
  z
    .string()
    .refine((v) => {
      try {
        const url = new URL(v);
        return ['http:', 'https:'].includes(url.protocol) && url.pathname === '/' && !url.search;
      } catch {
        return false;
      }
    }, 'must be https://host or https://host:port')
    .optional(),
);

const DURATION_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
/** Pauses such as `5s,5m,30m,2h` (ms, s, m, h), in milliseconds. */
const durations = z.preprocess(
  blank,
  z
    .string()
    .transform((v, ctx) => {
      const parts = v.split(',').map((p) => /^\s*(\d+)(ms|s|m|h)\s*$/.exec(p));
      if (parts.some((p) => !p)) {
        ctx.addIssue({ code: 'custom', message: 'must be pauses separated by commas, such as 5s,5m,30m,2h' });
        return z.NEVER;
      }
      return parts.map((p) => Number(p![1]) * DURATION_MS[p![2]!]!);
    })
    .optional(),
);

export const envSchema = z.object({
  NODE_ENV: z.preprocess(
    blank,
    z
      .enum(['development', 'test', 'production'], {
        error: 'must be development, test or production (or unset); a staging server sets MCHWEB_ENV=staging',
      })
      .optional(),
  ),
  MCHWEB_ENV: z.preprocess(
    blank,
    z.enum(ENVIRONMENTS, { error: `must be one of ${ENVIRONMENTS.join(', ')}` }).optional(),
  ),
  PORT: whole(0, 65_535),
  HOST: text,
  DATABASE_URL: text,
  DATABASE_DIRECT_URL: text,
  DATABASE_REPLICA_URL: text,
  MCHWEB_NODES: whole(1, 1000),
  MCHWEB_EMBEDDED_OK: flag,
  DATA_DIR: text,
  UPLOAD_DIR: text,
  S3_ENDPOINT: text,
  S3_BUCKET: text,
  S3_REGION: text,
  S3_ACCESS_KEY_ID: text,
  S3_SECRET_ACCESS_KEY: text,
  REDIS_URL: text,
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  WEB_DIST: text,
  MCHWEB_SANDBOX: flag,
  SEED_DEMO: flag,
  TRUST_PROXY: trustProxy,
  API_DOCS: flag,
  RATE_LIMIT_PER_MINUTE: whole(1),
  BODY_LIMIT_BYTES: whole(1),
  MCHWEB_HEADERS_TIMEOUT_MS: whole(1),
  MCHWEB_REQUEST_TIMEOUT_MS: whole(1),
  MCHWEB_KEEP_ALIVE_TIMEOUT_MS: whole(1),
  MCHWEB_CONNECTIONS_PER_ADDRESS: whole(0),
  MCHWEB_TZ: timeZone,
  AUTH_RATE_LIMIT_SCALE: whole(1),
  MCHWEB_API_RATE_LIMIT_PER_MINUTE: whole(1),
  ACCESS_CACHE_MS: whole(0),
  MCHWEB_AUTO_REVIEW: oneOf(AUTO_REVIEW_MODES),
  MCHWEB_AUTO_REVIEW_DELAY_MS: whole(0),
  MCHWEB_PUBLIC_ORIGIN: text,
  MCHWEB_PDF_FONT: text,
  MCHWEB_SANDBOX_REFUND: oneOf(SANDBOX_REFUND_MODES),
  MCHWEB_SANDBOX_REFUND_DELAY_MS: whole(0),
  MCHWEB_SETTLE_AT: settleAt,
  MCHWEB_TRANSFER_SMS_ABOVE_FEN: whole(0),
  MCHWEB_TRANSFER_DAILY_LIMIT_FEN: whole(1),
  MCHWEB_SANDBOX_PAYOUT: oneOf(SANDBOX_REFUND_MODES),
  MCHWEB_SANDBOX_PAYOUT_DELAY_MS: whole(0),
  // WeChat Pay API v3 as a service provider (partner mode): all or none (config.ts and wechatpay/wechatpay-config.ts).
  WECHATPAY_SP_MCHID: shaped(/^\d{10}$/, "must be the service provider's merchant id (10 digits)"),
  WECHATPAY_SP_APPID: shaped(/^wx[0-9a-f]{16}$/, "must be the service provider's AppID (wx and 16 hex digits)"),
  WECHATPAY_SP_APPSECRET: shaped(/^[0-9a-f]{32}$/i, 'must be the AppSecret of WECHATPAY_SP_APPID (32 hex digits)'),
  WECHATPAY_CERT_SERIAL: shaped(
    /^[0-9A-F]{8,40}$/i,
    "must be the merchant API certificate's serial number (hex digits, e.g. 40 of them)",
  ),
  WECHATPAY_PRIVATE_KEY_FILE: text,
  WECHATPAY_APIV3_KEY: shaped(/^[\x21-\x7e]{32}$/, 'must be the 32-character APIv3 key set in the merchant platform'),
  WECHATPAY_PUBLIC_KEY_ID: shaped(/^PUB_KEY_ID_\w+$/, "must be the WeChat Pay public key's id (PUB_KEY_ID_...)"),
  WECHATPAY_PUBLIC_KEY_FILE: text,
  WECHATPAY_BASE_URL: httpUrl,
  WECHATPAY_OAUTH_BASE_URL: httpUrl,
  WECHATPAY_SNS_BASE_URL: httpUrl,
  // Alipay OpenAPI as a service provider (ISV): all three or none (config.ts and alipay/alipay-config.ts).
  ALIPAY_APP_ID: shaped(
    /^\d{16}$/,
    "must be the service provider's application id on Alipay's open platform (16 digits)",
  ),
  ALIPAY_PRIVATE_KEY_FILE: text,
  ALIPAY_PUBLIC_KEY_FILE: text,
  ALIPAY_GATEWAY: httpUrl,
  ALIPAY_OAUTH_URL: httpUrl,
  SMS_PROVIDER: oneOf(SMS_PROVIDERS),
  SMS_SIGN_NAME: text,
  SMS_TEMPLATE_REGISTER: text,
  SMS_TEMPLATE_BIND_MOBILE: text,
  SMS_TEMPLATE_RESET_PASSWORD: text,
  SMS_TEMPLATE_FUNDS: text,
  SMS_TEMPLATE_CHANGE_MOBILE: text,
  SMS_TEMPLATE_MOBILE_CHANGED: text,
  SMS_TEMPLATE_WEBHOOK_DISABLED: text,
  SMS_TIMEOUT_MS: whole(100, 60_000),
  ALIYUN_SMS_ACCESS_KEY_ID: text,
  ALIYUN_SMS_ACCESS_KEY_SECRET: text,
  ALIYUN_SMS_ENDPOINT: endpoint,
  TENCENT_SMS_SECRET_ID: text,
  TENCENT_SMS_SECRET_KEY: text,
  TENCENT_SMS_SDK_APP_ID: z.preprocess(
    blank,
    z.string().regex(/^\d+$/, 'must be the SDK AppID, digits only').optional(),
  ),
  TENCENT_SMS_REGION: text,
  TENCENT_SMS_ENDPOINT: endpoint,
  MCHWEB_WEBHOOK_RETRY_SCHEDULE: durations,
  MCHWEB_WEBHOOK_TIMEOUT_MS: whole(100, 60_000),
  METRICS_PORT: whole(1, 65_535),
  METRICS_HOST: text,
  METRICS_TOKEN: z.preprocess(
    blank,
    z.string().min(16, 'must be at least 16 characters long (a random string: openssl rand -hex 24)').optional(),
  ),
});
export type EnvSettings = z.infer<typeof envSchema>;

/** MCHWEB_* variables read elsewhere: by scripts/start.mjs, the embedded database's template, the web dev server. */
const READ_ELSEWHERE = ['MCHWEB_PROCESSES', 'MCHWEB_PGLITE_TEMPLATE', 'MCHWEB_API'];
const KNOWN = new Set([...Object.keys(envSchema.shape), ...READ_ELSEWHERE]);

/** Values never repeated in a message: a start log is read by more people than the secrets are meant for. */
const SECRET = new Set([
  'DATABASE_URL',
  'DATABASE_DIRECT_URL',
  'DATABASE_REPLICA_URL',
  'REDIS_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_SP_APPSECRET',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'TENCENT_SMS_SECRET_KEY',
]);

/** The settings, or the list of what is wrong with them, each line naming its variable. */
export function readEnv(
  env: NodeJS.ProcessEnv,
): { settings: EnvSettings; problems: string[] } | { problems: string[] } {
  const problems = Object.keys(env)
    .filter((name) => name.startsWith('MCHWEB_') && !KNOWN.has(name))
    .map((name) => `${name} is not a setting of mchweb (a typo?); README.md's Configuration lists them`);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      const value = env[name];
      problems.push(`${name} ${issue.message}${SECRET.has(name) ? '' : `; got "${value}"`}`);
    }
  }
  return parsed.success && problems.length === 0 ? { settings: parsed.data, problems } : { problems };
}
