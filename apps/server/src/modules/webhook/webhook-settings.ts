import type { Config } from '../../config.ts';
import type { WebhookSettings } from './webhook-delivery.ts';

/** The webhook settings of the configuration; private addresses only where the sandbox runs (tests, development). */
export const webhookSettings = (config: Config): WebhookSettings => ({
  retryDelaysMs: config.webhookRetryDelaysMs,
  timeoutMs: config.webhookTimeoutMs,
  allowPrivate: config.sandbox,
});
