import { fieldText, text } from '../../i18n/text.ts';

/** Messages of the portal's API keys (/developer). The merchant API's own errors are in merchant-api.messages.ts. */
export const DEVELOPER = {
  keyNotFound: text('API key not found', 'API 密钥不存在'),
  tooManyKeys: (max: number) =>
    text(
      `The organisation already has ${max} active API keys; revoke one first`,
      `本机构已有 ${max} 个有效的 API 密钥，请先吊销一个`,
    ),
  onlyYourMerchants: fieldText(
    'merchantIds',
    'you see only some merchants, so a key you create can act only for some of those',
    '您只能查看部分商户，创建的密钥只能指定这些商户中的部分或全部',
  ),
  scopeNotYours: (scopes: readonly string[]) =>
    fieldText(
      'scopes',
      `${scopes.join(', ')}: your role cannot do this itself, so it cannot give it to a key`,
      `${scopes.join(', ')}：您的角色本身没有该权限，不能授予密钥`,
    ),
} as const satisfies Record<string, unknown>;
