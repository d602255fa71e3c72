// The onboarding module's front door: applications (进件), their timeline, invitations and the platform's review.
import type { AppModule } from '../../module.ts';
import inviteeRoutes from './invitee.routes.ts';
import onboardingRoutes from './onboarding.routes.ts';

export { documentFileIdsInUse } from './application-query.service.ts';
export {
  applicationForReview,
  applicationQueue,
  applicationQueueAge,
  assignApplication,
  findApplicationByNo,
  isDocumentOf,
  type QueueFilter,
} from './application-console.service.ts';
export { sendUpload } from './upload.routes.ts';
export { newApplyNo } from './application-steps.service.ts';
export { importApplication, importInvitation } from './application-import.service.ts';
export {
  AUTO_REVIEW_WINDOW_MS,
  listApplicationsForOps,
  reviewApplication,
  reviewDue,
  startReview,
  type Decision,
} from './review.service.ts';

export const module: AppModule = {
  name: 'onboarding',
  routes: [
    { plugin: onboardingRoutes, prefix: '/api/merchant' },
    { plugin: inviteeRoutes, prefix: '/api/pay' },
  ],
};
