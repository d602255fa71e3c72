// The merchant module's front door: merchants of a company (mchInfo of the sign-in answer, /merchant, /channel),
// their creation by an approved application, and whether one may take payments.
import type { AppModule } from '../../module.ts';
import merchantRoutes from './merchant.routes.ts';
import { countMerchants } from './merchant.service.ts';

export { CHANNEL_DEFAULT_RATES } from './merchant-query.service.ts';
export {
  createMerchant,
  listMerchantSummaries,
  lockMerchant,
  setMerchantStatus,
  type NewMerchant,
} from './merchant.service.ts';
export {
  channelMerchantOf,
  channelMerchantsAt,
  getChannelAccounts,
  setChannelAccounts,
  type ChannelAccounts,
} from './merchant-channel-accounts.service.ts';
export { merchantOfRows } from './merchant-export.ts';
export { assertMerchantCanTakePayments, type MerchantAction } from './merchant-status.service.ts';
export {
  changeMerchantAsOperator,
  merchantCountsByCompany,
  merchantForOps,
  merchantsByStatus,
  searchMerchants,
  type MerchantSearch,
} from './merchant-console.service.ts';
export {
  checkedMerchantIds,
  merchantForPayment,
  merchantIdByNo,
  merchantIdsByNumber,
  merchantIdsOf,
  merchantIdsByNoSql,
  merchantIdsSubquery,
  merchantNameForPayer,
  merchantNamesOf,
  namedMerchants,
  mchNoSubquery,
  ownMerchantIds,
  sellingChannels,
  type MerchantForPayment,
  type SellingChannel,
} from './merchant-lookup.service.ts';

export const module: AppModule = {
  name: 'merchant',
  routes: [{ plugin: merchantRoutes, prefix: '/api/merchant' }],
  welcomeSteps: [
    {
      key: 'firstMerchant',
      path: '/merchant-entry',
      done: async (db, companyId) => (await countMerchants(db, companyId)) > 0,
    },
  ],
};
