import type { z } from 'zod';
import type { changeMobileCodeData, smsSendData } from '@mchweb/contract';
import { apiPost } from '@/lib/api';

/** POST /sms/send with scene bindMobile; quiet so the error stands beside the mobile field. */
export const sendBindMobileCode = (mobile: string) =>
  apiPost<z.infer<typeof smsSendData>>('/sms/send', { mobile, scene: 'bindMobile' }, { quiet: true });

/** POST /feeManager/sendChangeMobileCode: the owner's code to the current contact mobile, to move it; quiet too. */
export const sendChangeMobileCode = () =>
  apiPost<z.infer<typeof changeMobileCodeData>>('/feeManager/sendChangeMobileCode', {}, { quiet: true });
