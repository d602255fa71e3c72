// The sms module's front door: verification codes (send, check) and the outbox a sender that reaches no phone keeps.
import type { AppModule } from '../../module.ts';
import smsRoutes from './sms.routes.ts';

export {
  checkSmsCode,
  consumeSmsCode,
  maskMobile,
  purgeExpiredSmsCodes,
  sendSmsCode,
  smsRefusal,
  SMS_SCENES,
  CODE_TTL_MS,
  MAX_TRIES,
  RESEND_AFTER_MS,
} from './sms.service.ts';
export { keepInOutbox, outboxOf } from './sms-outbox.service.ts';

export const module: AppModule = { name: 'sms', routes: [{ plugin: smsRoutes, prefix: '/api/merchant' }] };
