import { smsEndpoints } from '@mchweb/contract/sms/endpoints';
import { call } from '@/lib/api-client';

/** POST /sms/send with scene register; quiet so the error stands beside the mobile field. */
export const sendRegisterCode = (mobile: string) =>
  call(smsEndpoints.send, { body: { mobile, scene: 'register' } }, { quiet: true });
