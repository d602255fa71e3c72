// The profit-sharing module's front door: applications (/div-account), the platform's review, and the split of
// a merchant-day that settlement applies.
import type { AppModule } from '../../module.ts';
import { splitRoutes } from './split.routes.ts';

export { assignSplit, splitForOps, splitQueue, splitQueueAge, type SplitQueueFilter } from './split-console.service.ts';
export { listSplitsForOps, reviewSplit, splitOfDay, submittedBefore } from './split.service.ts';
export { importSplits, type ImportedSplit } from './split-import.service.ts';
export type { SplitReceiver } from './split.tables.ts';

export const module: AppModule = {
  name: 'split',
  routes: [{ plugin: splitRoutes, prefix: '/api/merchant' }],
};
