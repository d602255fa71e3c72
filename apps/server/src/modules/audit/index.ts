// The audit module's front door: every change a user or the platform makes, and the /audit/list view of it.
import type { AppModule } from '../../module.ts';
import auditRoutes from './audit.routes.ts';

export { recordAudit, type AuditInput } from './audit.service.ts';

export const module: AppModule = { name: 'audit', routes: [{ plugin: auditRoutes, prefix: '/api/merchant' }] };
