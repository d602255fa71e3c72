// The auth module's front door: signing in and out, registering, passwords, the signed-in user's menu.
import type { AppModule } from '../../module.ts';
import authRoutes from './auth.routes.ts';

export { purgeOldLoginFailures, refuseWeakPassword } from './auth.service.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { AUTH } from './auth.messages.ts';

export const module: AppModule = { name: 'auth', routes: [{ plugin: authRoutes, prefix: '/api/merchant' }] };
