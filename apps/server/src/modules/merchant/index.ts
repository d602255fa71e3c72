// The merchant module's front door: merchants of a company (mchInfo of the sign-in answer, the merchant list).
import type { AppModule } from '../../module.ts';
import { countMerchants } from './merchant.service.ts';

export { insertDemoMerchants, listMerchantSummaries } from './merchant.service.ts';

export const module: AppModule = {
  name: 'merchant',
  welcomeSteps: [
    {
      key: 'firstMerchant',
      path: '/merchant-entry',
      done: async (db, companyId) => (await countMerchants(db, companyId)) > 0,
    },
  ],
};
