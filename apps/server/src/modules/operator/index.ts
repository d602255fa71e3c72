// The operator module's front door (issue 28): the provider's operators (their own accounts, TOTP, roles and
// sessions, never merchant users), their audit log, the four-eyes money approvals, and the console's API under
// /api/ops/, which calls the other modules' services (the same as the portal's and the command line's).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleContext } from '../../module.ts';
import { opsAdminRoutes } from './ops-admin.routes.ts';
import { opsMerchantRoutes } from './ops-merchant.routes.ts';
import { opsMoneyRoutes } from './ops-money.routes.ts';
import { opsReviewRoutes } from './ops-review.routes.ts';
import { opsSessionRoutes } from './ops-session.routes.ts';

export { countOperators, createOperator, type NewOperator } from './operator-account.service.ts';
export { recordOperatorAction } from './operator-audit.service.ts';
export { purgeOldOperatorFailures } from './operator-auth.service.ts';
export {
  isOperatorToken,
  lookupOperatorSession,
  purgeEndedOperatorSessions,
  type OperatorSignIn,
} from './operator-session.service.ts';

const opsRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, opts) => {
  for (const plugin of [opsSessionRoutes, opsReviewRoutes, opsMerchantRoutes, opsMoneyRoutes, opsAdminRoutes]) {
    await app.register(plugin, { ...opts, prefix: '' });
  }
};

export const module: AppModule = { name: 'operator', routes: [{ plugin: opsRoutes, prefix: '/api/ops' }] };
