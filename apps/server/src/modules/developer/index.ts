// The developer module's front door: an organisation's API keys (/developer) and the merchant API they open
// (/api/v1, issue 30).
import type { AppModule } from '../../module.ts';
import developerRoutes from './developer.routes.ts';

export { authenticateApiKey, touchApiKey, type ApiKeyHolder } from './api-key.service.ts';

export const module: AppModule = {
  name: 'developer',
  routes: [{ plugin: developerRoutes, prefix: '/api/merchant' }],
};
