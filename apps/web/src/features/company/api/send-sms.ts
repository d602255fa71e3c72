import { smsEndpoints } from '@mchweb/contract/sms/endpoints';
import { call } from '@/lib/api-client';

/** POST /sms/send with scene bindMobile; quiet so the error stands beside the mobile field. */
export const sendBindMobileCode = (mobile: string) =>
  call(smsEndpoints.send, { body: { mobile, scene: 'bindMobile' } }, { quiet: true });
