import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { loggedChannels, type Channels } from './channels.ts';
import { configuredChannels } from './channels-config.ts';
import type { Config } from './config.ts';
import { checkBusinessTimeZone } from './db/business-time-zone.ts';
import type { Database } from './db/client.ts';
import type { FileStorage } from './file-storage.ts';
import { encodeFrozenOnce } from './frozen-answer.ts';
import { registerJobs } from './jobs.ts';
import type { AppModule, ModuleContext } from './module.ts';
import { MODULES, RECONCILE_CHECKS, WELCOME_STEPS } from './modules/index.ts';
import { partitionJob, partitionWorkers } from './partition-job.ts';
import { purgeJob } from './purge-job.ts';
import { OneLinePerRequest } from './request-log.ts';
import { createQueue } from './queue.ts';
import { createFileStorage } from './modules/upload/index.ts';
import accessPlugin from './plugins/access.ts';
import { capConnectionsPerAddress, timeoutOptions, trustProxyOption } from './plugins/connections.ts';
import compressionPlugin from './plugins/compression.ts';
import databasePlugin from './plugins/database.ts';
import readReplicaPlugin from './plugins/read-replica.ts';
import envelopePlugin, { clientErrorEnvelope, frameworkErrorEnvelope } from './plugins/envelope.ts';
import healthPlugin from './plugins/health.ts';
import inputGuardPlugin from './plugins/input-guard.ts';
import metricsPlugin from './plugins/metrics.ts';
import openapiPlugin from './plugins/openapi.ts';
import securityPlugin from './plugins/security.ts';
import webPlugin from './plugins/web.ts';
import xsrfPlugin from './plugins/xsrf.ts';
import { createSmsSender, sandbox, sandboxOff } from './sandbox/index.ts';
import type { SmsSender } from './sms-sender.ts';
import { providerSms } from './sms/index.ts';
import { alipay as alipayWing } from './alipay/index.ts';
import { wechatPay } from './wechatpay/index.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Replaces the SMS sender SMS_PROVIDER names (in the sandbox, the outbox). */
  smsSender?: SmsSender;
  /** Replaces the storage of uploaded files chosen by the config (UPLOAD_DIR or S3_*). */
  storage?: FileStorage;
  /** Replaces the payment and payout channels' adapters chosen by the config (the sandbox's, or none). */
  channels?: Channels;
  /** Pino options merged over the defaults (level, redaction), e.g. a `stream`; tests pass false. */
  logger?: boolean | object;
}

/** Fields never written to the log, wherever they appear. */
export const REDACT = [
  'req.headers.token',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.smsCode',
  '*.token',
];

/** JSON lines, one a record, except for a developer at a terminal, who reads them (redaction applies the same). */
const readableLog = (config: Config) =>
  config.env === 'development' && process.stdout.isTTY
    ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
    : {};

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  // Before anything is served: a node cutting business days in another zone than the others refuses to start.
  await checkBusinessTimeZone(opts.database.db, config.timezone);
  const app = Fastify({
    // An object is merged over the defaults, so a caller adding a `stream` keeps the redaction.
    logger:
      opts.logger === undefined || typeof opts.logger === 'object'
        ? {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            ...(opts.logger === undefined ? readableLog(config) : opts.logger),
          }
        : opts.logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    ...timeoutOptions(config),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    frameworkErrors: frameworkErrorEnvelope,
    clientErrorHandler: clientErrorEnvelope,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(encodeFrozenOnce(serializerCompiler));
  // The API speaks JSON only: without this, Fastify would parse text/plain into a string and answer a
  // confusing "expected object" instead of "wrong content type".
  app.removeContentTypeParser('text/plain');
  // Set as the request comes in (first of every hook, so an answer refused by a later one carries it too): a synchronous
  // hook, not an asynchronous onSend awaited on every answer.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  capConnectionsPerAddress(app.server, config, (address, refused) =>
    app.log.warn({ address, refused }, 'connections over MCHWEB_CONNECTIONS_PER_ADDRESS closed'),
  );

  // 1. external plugins, 2. app plugins, 3. routes: a fixed order anyone can follow by reading this function.
  await app.register(cookie);
  await app.register(compressionPlugin);
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin, { published: config.apiDocs });
  await app.register(databasePlugin, { database: opts.database });
  await app.register(metricsPlugin, { config });
  await app.register(envelopePlugin);
  await app.register(xsrfPlugin);
  await app.register(accessPlugin, { cacheMs: config.accessCacheMs });
  await app.register(readReplicaPlugin);
  await app.register(inputGuardPlugin);

  // The sandbox wing (sandbox/): its simulated channels, reviewer, SMS outbox and their jobs, on a sandbox server
  // only. Elsewhere no payment or payout channel is connected yet (the real adapters come with their issue).
  // WeChat Pay (wechatpay/) serves channel WECHAT when WECHATPAY_* is set, in the sandbox too (the tests' fake
  // gateway); its notice and OAuth paths exist on every server. Every channel call is logged (channels.ts).
  // Alipay (alipay/) likewise serves channel ALIPAY when ALIPAY_* is set.
  const wechat = wechatPay(config.wechatPay);
  const modules: AppModule[] = [
    ...MODULES,
    config.sandbox ? sandbox : sandboxOff,
    wechat.module,
    alipayWing(config.alipay).module,
  ];
  // The job queue (pg-boss on this database): started before the jobs (the webhook dispatcher sends to it) and
  // stopped after them, its workers' batches in hand finished first.
  const queue = createQueue(opts.database, app.log);
  const context: ModuleContext = {
    config,
    // SMS_PROVIDER's sender; the outbox only in the sandbox (config.ts refuses it anywhere else).
    smsSender:
      opts.smsSender ?? providerSms(config.sms, app.log) ?? createSmsSender(app.log, { logText: config.sandbox }),
    storage: opts.storage ?? createFileStorage(config, app.log),
    channels: loggedChannels(configuredChannels(config, app.db, opts.channels), app.log),
    queue,
    welcomeSteps: WELCOME_STEPS,
    reconcileChecks: RECONCILE_CHECKS,
  };
  await app.register(healthPlugin);
  for (const module of modules) {
    for (const { plugin, prefix } of module.routes ?? []) await app.register(plugin, { ...context, prefix });
  }
  const workers = [
    ...modules.flatMap((m) => m.workers?.(context, { db: opts.database.db, log: app.log }) ?? []),
    ...partitionWorkers({ db: opts.database.db, log: app.log, tz: config.timezone }),
  ];
  app.addHook('onReady', () => queue.start(workers));
  app.addHook('preClose', () => queue.stop());
  // Every module's jobs, the platform's purge and its month partitions made ahead, started when the app is ready
  // and stopped (the running pass awaited) when it closes.
  registerJobs(app, [
    ...modules.flatMap((m) => m.jobs?.(context) ?? []),
    purgeJob(context.storage),
    partitionJob(queue, config.timezone),
  ]);
  await app.register(webPlugin, { webDist: config.webDist, timeZone: config.timezone });
  return app;
}
