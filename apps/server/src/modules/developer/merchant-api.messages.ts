import { fieldText, text } from '../../i18n/text.ts';

/** The merchant API's own refusals (/api/v1); the services' come with their modules' messages. */
export const MERCHANT_API = {
  keyMissing: text(
    'Send your API key as "Authorization: Bearer mk_live_..." (create one on the portal\'s Developers page)',
    '请在请求头中发送 API 密钥："Authorization: Bearer mk_live_..."（可在门户的“开发者”页面创建）',
  ),
  keyInvalid: text('The API key is invalid or revoked', 'API 密钥无效或已被吊销'),
  sessionRefused: text(
    'The merchant API takes API keys, not portal sessions: send "Authorization: Bearer <API key>"',
    '商户 API 只接受 API 密钥，不接受门户会话：请发送 "Authorization: Bearer <API 密钥>"',
  ),
  scopeMissing: (scope: string) =>
    text(`This API key does not have the scope ${scope}`, `该 API 密钥没有 ${scope} 权限`),
  rateLimited: (seconds: number) =>
    text(
      `Too many requests with this API key. Try again in ${seconds} s.`,
      `该 API 密钥的请求过于频繁，请 ${seconds} 秒后再试`,
    ),
  idempotencyKeyMissing: fieldText(
    'Idempotency-Key',
    'is required on every POST: a unique value (a UUID, say) per intended operation, sent again on a retry',
    '每个 POST 请求都必须提供：每次操作一个唯一值（如 UUID），重试时原样发送',
  ),
  idempotencyKeyInvalid: fieldText(
    'Idempotency-Key',
    'must be 1 to 255 printable ASCII characters',
    '须为 1 到 255 个可打印 ASCII 字符',
  ),
  idempotencyKeyReused: fieldText(
    'Idempotency-Key',
    'was already used with a different request in the last 24 hours; use a new key for a new operation',
    '24 小时内已用于另一个不同的请求，新的操作请使用新的键',
  ),
  idempotencyKeyInUse: fieldText(
    'Idempotency-Key',
    'a request with this key is still being answered; retry in a moment',
    '使用该键的请求仍在处理中，请稍后重试',
  ),
  unknownPath: (method: string, path: string) =>
    text(`No such call: ${method} ${path}`, `没有这个接口：${method} ${path}`),
  bodyNotJson: fieldText('body', 'is not a valid JSON object', '不是有效的 JSON 对象'),
  bodyTooLarge: fieldText('body', 'is too large', '过大'),
  sendJson: fieldText('body', 'wrong content type; send application/json', '内容类型不对，请发送 application/json'),
  serverError: text(
    'Something went wrong on our side; retry with the same Idempotency-Key',
    '服务器出错，请使用相同的 Idempotency-Key 重试',
  ),
} as const satisfies Record<string, unknown>;
