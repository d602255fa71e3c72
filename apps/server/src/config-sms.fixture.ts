/**
 * SMS settings a production configuration needs (issue 27: outside the sandbox SMS_PROVIDER is required), for
 * tests that load one. The keys are made up: nothing is sent at start.
 */
export const SMS_ENV = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tTestOnlyKeyId',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'test-only-access-key-secret',
  SMS_SIGN_NAME: '晨光支付',
  SMS_TEMPLATE_REGISTER: 'SMS_900000001',
  SMS_TEMPLATE_BIND_MOBILE: 'SMS_900000002',
  SMS_TEMPLATE_RESET_PASSWORD: 'SMS_900000003',
  SMS_TEMPLATE_FUNDS: 'SMS_900000004',
  SMS_TEMPLATE_CHANGE_MOBILE: 'SMS_900000005',
  SMS_TEMPLATE_MOBILE_CHANGED: 'SMS_900000006',
  SMS_TEMPLATE_WEBHOOK_DISABLED: 'SMS_900000007',
} as const;
