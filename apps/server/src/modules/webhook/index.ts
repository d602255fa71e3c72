// The webhook module's front door: endpoints per organisation, the outbox other modules write their events to
// (recordEvent, in their own transaction), the dispatcher that turns events into deliveries on the job queue, and
// the queue's worker that signs and sends them (Standard Webhooks) on the retry schedule.
import type { AppModule } from '../../module.ts';
import { deliveryWorker } from './webhook-delivery.ts';
import { dispatchEvents } from './webhook-dispatch.ts';
import { webhookSettings } from './webhook-settings.ts';
import webhookRoutes from './webhook.routes.ts';

export { recordEvent, type WebhookEvent } from './webhook-events.ts';
export { createEndpoint, sendTestEvent, updateEndpoint } from './webhook-endpoint.service.ts';
export {
  apiCreateEndpoint,
  apiRotateSecret,
  apiUpdateEndpoint,
  apiWebhookEndpoint,
  apiWebhookEndpoints,
} from './api-webhook-endpoint.service.ts';
export { webhookSettings } from './webhook-settings.ts';
export { importDelivery, importedSpanMs, type ImportedTry } from './webhook-import.ts';
export { orderData, refundData, settlementData, transferData } from './webhook-payloads.ts';
export { signature } from './webhook-signing.ts';
export { isPrivateAddress } from './webhook-address.ts';

/** How often the dispatcher looks at the outbox: the larger part of the delay from a change to its delivery. */
const DISPATCH_EVERY_MS = 200;

export const module: AppModule = {
  name: 'webhook',
  routes: [{ plugin: webhookRoutes, prefix: '/api/merchant' }],
  jobs: ({ queue }) => [
    {
      name: 'webhook-dispatch',
      schedule: { everyMs: DISPATCH_EVERY_MS },
      lock: 'rows',
      async run({ db, stopped }) {
        // Until the outbox is empty (a burst is dispatched in batches, without waiting a period between them).
        while (!stopped() && (await dispatchEvents(db, queue)) > 0);
      },
    },
  ],
  workers: ({ config, smsSender, queue }, { db, log }) => [
    deliveryWorker({ db, queue, smsSender, log, settings: webhookSettings(config) }, 4),
  ],
};
