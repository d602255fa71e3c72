import type { z } from 'zod';
import type { smsSendData } from '@mchweb/contract';
import { apiPost } from '@/lib/api';

/** POST /sms/send with scene bindMobile; quiet so the error stands beside the mobile field. */
export const sendBindMobileCode = (mobile: string) =>
  apiPost<z.infer<typeof smsSendData>>('/sms/send', { mobile, scene: 'bindMobile' }, { quiet: true });
