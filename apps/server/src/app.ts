import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { FileStorage } from './file-storage.ts';
import { encodeFrozenOnce } from './frozen-answer.ts';
import type { ModuleContext } from './module.ts';
import { MODULES, WELCOME_STEPS } from './modules/index.ts';
import { purgeJob } from './purge-job.ts';
import { createSmsSender } from './modules/sms/index.ts';
import { createFileStorage } from './modules/upload/index.ts';
import accessPlugin from './plugins/access.ts';
import compressionPlugin from './plugins/compression.ts';
import databasePlugin from './plugins/database.ts';
import envelopePlugin, { clientErrorEnvelope, frameworkErrorEnvelope } from './plugins/envelope.ts';
import healthPlugin from './plugins/health.ts';
import inputGuardPlugin from './plugins/input-guard.ts';
import openapiPlugin from './plugins/openapi.ts';
import securityPlugin from './plugins/security.ts';
import webPlugin from './plugins/web.ts';
import xsrfPlugin from './plugins/xsrf.ts';
import type { SmsSender } from './sms-sender.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Replaces the default SMS sender (which logs and keeps an outbox). */
  smsSender?: SmsSender;
  /** Replaces the storage of uploaded files chosen by the config (UPLOAD_DIR or S3_*). */
  storage?: FileStorage;
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

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // An object is merged over the defaults, so a caller adding a `stream` keeps the redaction.
    logger:
      opts.logger === undefined || typeof opts.logger === 'object'
        ? { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' }, ...(opts.logger as object) }
        : opts.logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
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
  app.addHook('onSend', async (request, reply) => void reply.header('x-request-id', request.id));

  // 1. external plugins, 2. app plugins, 3. routes: a fixed order anyone can follow by reading this function.
  await app.register(cookie);
  await app.register(compressionPlugin);
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin, { published: config.apiDocs });
  await app.register(databasePlugin, { database: opts.database });
  await app.register(envelopePlugin);
  await app.register(xsrfPlugin);
  await app.register(accessPlugin, { cacheMs: config.accessCacheMs });
  await app.register(inputGuardPlugin);

  const context: ModuleContext = {
    config,
    smsSender: opts.smsSender ?? createSmsSender(app.log),
    storage: opts.storage ?? createFileStorage(config, app.log),
    welcomeSteps: WELCOME_STEPS,
  };
  await app.register(healthPlugin);
  for (const module of MODULES) {
    for (const { plugin, prefix } of module.routes ?? []) await app.register(plugin, { ...context, prefix });
  }
  purgeJob(app, context.storage);
  await app.register(webPlugin, { webDist: config.webDist, timeZone: config.timezone });
  return app;
}
