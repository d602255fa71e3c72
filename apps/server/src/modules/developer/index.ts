// The developer module's front door: an organisation's API keys (/developer) and the merchant API they open
// (/api/v1, issue 30), with its Idempotency-Keys and their hourly purge.
import { MERCHANT_API_V1 } from '@mchweb/contract';
import type { AppModule } from '../../module.ts';
import developerRoutes from './developer.routes.ts';
import { purgeIdempotencyKeys } from './idempotency.service.ts';
import merchantApiRoutes from './merchant-api.routes.ts';

export { authenticateApiKey, createApiKey, revokeApiKey, touchApiKey, type ApiKeyHolder } from './api-key.service.ts';

export const module: AppModule = {
  name: 'developer',
  routes: [
    { plugin: developerRoutes, prefix: '/api/merchant' },
    { plugin: merchantApiRoutes, prefix: MERCHANT_API_V1 },
  ],
  jobs: () => [
    {
      name: 'forget idempotency keys after 24 hours',
      schedule: { everyMs: 3_600_000 },
      // A DELETE of rows older than a bound: the same rows whichever process deletes them first.
      lock: 'rows',
      async run({ db, stopped }) {
        while ((await purgeIdempotencyKeys(db)) > 0 && !stopped());
      },
    },
  ],
};
