import { apiPost } from '@/lib/api';

/** POST /sms/send with scene bindMobile; quiet so the error stands beside the mobile field. */
export const sendBindMobileCode = (mobile: string) =>
  apiPost<{ resendAfterSeconds: number; expiresInSeconds: number }>(
    '/sms/send',
    { mobile, scene: 'bindMobile' },
    { quiet: true },
  );
