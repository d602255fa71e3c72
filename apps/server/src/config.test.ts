import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';
import { SMS_ENV } from './config-sms.fixture.ts';
import { runOps } from './ops/cli.ts';

/*
 * Issue 25, items 1, 2, 3, 6 and 8: every setting comes from one schema over the environment; the environment
 * name decides the sandbox; what is wrong stops the start with a message naming the variable.
 */
const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).message;
  }
  throw new Error(`not refused: ${JSON.stringify(env)}`);
};
const PRODUCTION = { MCHWEB_ENV: 'production', DATABASE_URL: 'postgres://app:s3cret-pw@db/mchweb', ...SMS_ENV };

describe('the environment name', () => {
  it('MCHWEB_ENV wins; unset, it comes from NODE_ENV (unset or development: development)', () => {
    expect(loadConfig({}).env).toBe('development');
    expect(loadConfig({ NODE_ENV: 'development' }).env).toBe('development');
    expect(loadConfig({ NODE_ENV: 'test' }).env).toBe('test');
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', ...SMS_ENV }).env).toBe('production');
    expect(loadConfig({ MCHWEB_ENV: 'staging', NODE_ENV: 'production', ...SMS_ENV }).env).toBe('staging');
    expect(loadConfig({ MCHWEB_ENV: 'test', NODE_ENV: 'development' }).env).toBe('test');
  });

  it.each([
    [{ NODE_ENV: 'prod' }, /NODE_ENV must be development, test or production .*; got "prod"/],
    [{ NODE_ENV: 'Production' }, /NODE_ENV must be .*; got "Production"/],
    [{ MCHWEB_ENV: 'prod' }, /MCHWEB_ENV must be one of development, test, staging, production; got "prod"/],
    [{ MCHWEB_ENV: 'Production' }, /MCHWEB_ENV must be one of .*; got "Production"/],
    [{ MCHWEB_ENV: 'development', NODE_ENV: 'production' }, /MCHWEB_ENV=development with NODE_ENV=production/],
  ])('%j stops the start, naming the variable and the allowed values', (env, message) => {
    expect(refusal(env)).toMatch(message);
  });
});

describe('the sandbox', () => {
  /** Neither the sandbox nor what only a sandbox does, nor demo data or docs. */
  const NO_SANDBOX = {
    sandbox: false,
    seedDemo: false,
    apiDocs: false,
    autoReview: 'off',
    sandboxRefund: 'off',
    sandboxPayout: 'off',
  };

  it('is on in development and tests, off by default in staging, and staging may turn it on', () => {
    expect(loadConfig({})).toMatchObject({ sandbox: true, production: false, autoReview: 'approve' });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ sandbox: true, autoReview: 'off', settleAt: null });
    expect(loadConfig({ MCHWEB_ENV: 'staging', ...SMS_ENV })).toMatchObject({ production: false, ...NO_SANDBOX });
    expect(loadConfig({ MCHWEB_ENV: 'staging', MCHWEB_SANDBOX: 'true' })).toMatchObject({
      sandbox: true,
      production: false,
      autoReview: 'approve',
      sandboxRefund: 'success',
    });
  });

  it('production runs without it, without demo data or docs unless asked', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ env: 'production', production: true, ...NO_SANDBOX });
    expect(loadConfig({ ...PRODUCTION, MCHWEB_SANDBOX: 'false', MCHWEB_AUTO_REVIEW: 'off' }).sandbox).toBe(false);
  });

  it.each([
    ['MCHWEB_SANDBOX', 'true'],
    ['MCHWEB_SANDBOX', 'on'],
    ['MCHWEB_AUTO_REVIEW', 'approve'],
    ['MCHWEB_AUTO_REVIEW', 'reject'],
    ['MCHWEB_SANDBOX_REFUND', 'success'],
    ['MCHWEB_SANDBOX_PAYOUT', 'fail'],
  ])('production with %s=%s stops the start', (name, value) => {
    const message = refusal({ ...PRODUCTION, [name]: value });
    expect(message).toContain(`${name} turns on the sandbox`);
    expect(message).toContain('MCHWEB_ENV=staging');
    // The same is fine on staging.
    expect(() => loadConfig({ ...PRODUCTION, MCHWEB_ENV: 'staging', [name]: value })).not.toThrow();
  });

  it('production through NODE_ENV alone is held to the same rules', () => {
    expect(refusal({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', MCHWEB_SANDBOX: '1' })).toContain(
      'MCHWEB_SANDBOX turns on the sandbox',
    );
  });
});

describe('the embedded database in production (item 3)', () => {
  it('needs DATABASE_URL, or MCHWEB_EMBEDDED_OK=true to run on PGlite knowingly', () => {
    expect(refusal({ MCHWEB_ENV: 'production' })).toMatch(/DATABASE_URL is not set: .*MCHWEB_EMBEDDED_OK=true/);
    expect(loadConfig({ MCHWEB_ENV: 'production', MCHWEB_EMBEDDED_OK: 'true', ...SMS_ENV }).databaseUrl).toBeNull();
    expect(refusal({ MCHWEB_ENV: 'production', MCHWEB_EMBEDDED_OK: 'false' })).toMatch(/DATABASE_URL is not set/);
    // Elsewhere PGlite is the default it always was.
    expect(loadConfig({ MCHWEB_ENV: 'staging', ...SMS_ENV }).databaseUrl).toBeNull();
  });
});

describe('malformed values and unknown settings', () => {
  it.each([
    ['PORT', 'abc', /PORT must be a whole number; got "abc"/],
    ['PORT', '70000', /PORT must be from 0 to 65535; got "70000"/],
    ['RATE_LIMIT_PER_MINUTE', '1e3x', /RATE_LIMIT_PER_MINUTE must be a whole number; got "1e3x"/],
    ['RATE_LIMIT_PER_MINUTE', '1e3', /RATE_LIMIT_PER_MINUTE must be a whole number/],
    ['BODY_LIMIT_BYTES', '-1', /BODY_LIMIT_BYTES must be a whole number; got "-1"/],
    ['ACCESS_CACHE_MS', '2.5', /ACCESS_CACHE_MS must be a whole number/],
    ['AUTH_RATE_LIMIT_SCALE', '0', /AUTH_RATE_LIMIT_SCALE must be from 1 to/],
    ['MCHWEB_SANDBOX', 'maybe', /MCHWEB_SANDBOX must be true or false; got "maybe"/],
    ['SEED_DEMO', 'ja', /SEED_DEMO must be true or false/],
    ['API_DOCS', 'tru', /API_DOCS must be true or false/],
    ['MCHWEB_AUTO_REVIEW', 'yes', /MCHWEB_AUTO_REVIEW must be one of approve, reject, off; got "yes"/],
    ['MCHWEB_SETTLE_AT', '2am', /MCHWEB_SETTLE_AT must be HH:MM or off; got "2am"/],
    ['MCHWEB_TZ', 'Mars/Olympus', /MCHWEB_TZ must be an IANA time zone/],
    ['LOG_LEVEL', 'verbose', /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
    ['MCHWEB_SANDBX', 'true', /MCHWEB_SANDBX is not a setting of mchweb \(a typo\?\)/],
    ['MCHWEB_REQUEST_TIMEOUT', '5000', /MCHWEB_REQUEST_TIMEOUT is not a setting/],
  ])('%s=%s stops the start naming it', (name, value, message) => {
    expect(refusal({ [name]: value })).toMatch(message);
  });

  it('lists every wrong variable at once', () => {
    const message = refusal({ PORT: 'x', MCHWEB_SANDBX: '1', NODE_ENV: 'prod' });
    expect(message.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(3);
  });

  it('an empty variable is unset; the variables read elsewhere are known', () => {
    expect(loadConfig({ PORT: '', MCHWEB_SANDBOX: '', NODE_ENV: '' })).toMatchObject({ port: 8080, sandbox: true });
    expect(() => loadConfig({ MCHWEB_PROCESSES: '2', MCHWEB_PGLITE_TEMPLATE: '0', MCHWEB_API: 'x' })).not.toThrow();
  });

  it('npm run ops refuses the same settings, saying so, before opening any database', async () => {
    vi.stubEnv('MCHWEB_SANDBX', '1');
    try {
      const said: string[] = [];
      const code = await runOps(['company:list'], { out: (l) => said.push(l), err: (l) => said.push(l) });
      expect(code).toBe(2);
      expect(said.join('\n')).toMatch(/MCHWEB_SANDBX is not a setting of mchweb/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('never repeats a secret in its message', () => {
    const message = refusal({ ...PRODUCTION, MCHWEB_SANDBOX: 'on', PORT: 'x' });
    expect(message).not.toContain('s3cret-pw');
  });
});

describe('TRUST_PROXY (item 6)', () => {
  it('takes addresses, CIDRs, named ranges or a hop count; false or empty trusts no one', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it.each(['true', 'TRUE', 'yes'])('%s is refused, saying what to give instead', (value) => {
    expect(refusal({ TRUST_PROXY: value })).toMatch(
      /TRUST_PROXY may no longer be true .*addresses or CIDRs.*number of proxies/,
    );
  });

  it.each(['10.0.0.300', '10.0.0.0/33', 'proxy.local', '10.0.0.1/8/2'])('%s is refused', (value) => {
    expect(refusal({ TRUST_PROXY: value })).toMatch(/TRUST_PROXY must be addresses or CIDRs/);
  });
});

describe('defaults', () => {
  it('keep every existing setting and its default', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: path.join(REPO_ROOT, 'data'),
      uploadDir: path.join(REPO_ROOT, 'data', 'uploads'),
      s3: null,
      redisUrl: null,
      logLevel: 'info',
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
      seedDemo: true,
      apiDocs: true,
      rateLimitPerMinute: 600,
      bodyLimitBytes: 1024 * 1024,
      timezone: 'Asia/Shanghai',
      authRateLimitScale: 1,
      accessCacheMs: 3000,
      autoReview: 'approve',
      autoReviewDelayMs: 5000,
      publicOrigin: null,
      pdfFont: null,
      sandboxRefund: 'success',
      sandboxRefundDelayMs: 3000,
      settleAt: '02:00',
      transferSmsAboveFen: 500_000,
      transferDailyLimitFen: 20_000_000,
      sandboxPayout: 'success',
      sandboxPayoutDelayMs: 3000,
    });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ accessCacheMs: 0, settleAt: null });
  });

  it('timeouts and the connection cap (item 8), and their checks', () => {
    expect(loadConfig({})).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
      maxConnectionsPerAddress: 256,
    });
    expect(loadConfig({ MCHWEB_CONNECTIONS_PER_ADDRESS: '0' }).maxConnectionsPerAddress).toBe(0);
    expect(refusal({ MCHWEB_REQUEST_TIMEOUT_MS: '0' })).toMatch(/MCHWEB_REQUEST_TIMEOUT_MS must be from 1/);
    expect(refusal({ MCHWEB_HEADERS_TIMEOUT_MS: '90000' })).toMatch(
      /MCHWEB_HEADERS_TIMEOUT_MS \(90000\) must not be above MCHWEB_REQUEST_TIMEOUT_MS \(60000\)/,
    );
  });

  it('overrides replace settings after the checks (tests and benchmarks)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }, { rateLimitPerMinute: 5 }).rateLimitPerMinute).toBe(5);
  });
});

describe('the SMS provider (issue 27)', () => {
  it('the sandbox keeps codes in its outbox by default; outside it SMS_PROVIDER must be named', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox' });
    expect(refusal({ ...PRODUCTION, SMS_PROVIDER: '' })).toMatch(
      /SMS_PROVIDER is not set: outside the sandbox verification codes are sent by aliyun .* or tencent/,
    );
    expect(refusal({ MCHWEB_ENV: 'staging' })).toMatch(/SMS_PROVIDER is not set/);
    expect(refusal({ ...PRODUCTION, SMS_PROVIDER: 'outbox' })).toMatch(/SMS_PROVIDER=outbox .* only the sandbox/);
    expect(refusal({ ...PRODUCTION, SMS_PROVIDER: 'sms77' })).toMatch(/SMS_PROVIDER must be one of aliyun, tencent/);
  });

  it("a provider's keys, sign name and every scene's template are required, each named", () => {
    const message = refusal({ ...PRODUCTION, SMS_TEMPLATE_FUNDS: '', ALIYUN_SMS_ACCESS_KEY_SECRET: '' });
    expect(message).toMatch(/SMS_TEMPLATE_FUNDS is not set: SMS_PROVIDER=aliyun needs it/);
    expect(message).toMatch(/ALIYUN_SMS_ACCESS_KEY_SECRET is not set/);
    const tencent = refusal({ ...PRODUCTION, SMS_PROVIDER: 'tencent' });
    for (const name of ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID'])
      expect(tencent).toContain(`${name} is not set`);
    expect(refusal({ ...PRODUCTION, ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com' })).toMatch(
      /ALIYUN_SMS_ENDPOINT must be https:\/\/host/,
    );
    expect(loadConfig(PRODUCTION).sms).toMatchObject({
      provider: 'aliyun',
      signName: '晨光支付',
      templates: { register: 'SMS_900000001', mobileChanged: 'SMS_900000006' },
      aliyun: { endpoint: { protocol: 'https', host: 'dysmsapi.aliyuncs.com' } },
    });
  });
});
