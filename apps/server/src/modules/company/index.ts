// The company module's front door: companies (organisations, 机构), the user's place in them, and the
// operator's company commands. The seed's /feeManager/* paths are this module's.
import type { AppModule } from '../../module.ts';
import companyRoutes, { websessionRoutes } from './company.routes.ts';
import { findCompany } from './company.service.ts';

export { blockedStartingCompany, memberAccess, startingCompany, userCompanies } from './company-membership.ts';
export { createCompany, findCompany, markCompanyReady, type NewCompany } from './company.service.ts';
export { companiesByIds, companiesByStatus, companyForOps, searchCompanies } from './company-console.service.ts';
export {
  changeCompanyStatus,
  isCompanyStatus,
  listCompaniesForOps,
  parseCompanyId,
  type CompanyAction,
} from './company.ops.ts';

export const module: AppModule = {
  name: 'company',
  routes: [
    { plugin: companyRoutes, prefix: '/api/merchant' },
    { plugin: websessionRoutes, prefix: '/api/websession' },
  ],
  welcomeSteps: [
    { key: 'companyCreated', path: '/organ-create', done: async () => true },
    {
      key: 'serviceOpened',
      path: '/open',
      done: async (db, companyId) => (await findCompany(db, companyId))?.openedAt != null,
    },
    {
      key: 'mobileBound',
      path: '/organ-home',
      done: async (db, companyId) => (await findCompany(db, companyId))?.mobileBoundAt != null,
    },
  ],
};
