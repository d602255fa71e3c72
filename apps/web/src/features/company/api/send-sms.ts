import { companyEndpoints } from '@mchweb/contract/company/endpoints';
import { smsEndpoints } from '@mchweb/contract/sms/endpoints';
import { call } from '@/lib/api-client';

/** POST /sms/send with scene bindMobile; quiet so the error stands beside the mobile field. */
export const sendBindMobileCode = (mobile: string) =>
  call(smsEndpoints.send, { body: { mobile, scene: 'bindMobile' } }, { quiet: true });

/** POST /feeManager/sendChangeMobileCode: the owner's code to the current contact mobile, to move it; quiet too. */
export const sendChangeMobileCode = () => call(companyEndpoints.sendChangeMobileCode, {}, { quiet: true });
