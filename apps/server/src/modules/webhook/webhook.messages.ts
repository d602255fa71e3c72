import { fieldText, text } from '../../i18n/text.ts';

/** Messages of webhook endpoints and deliveries. */
export const WEBHOOK = {
  endpointNotFound: fieldText('id', 'is not a webhook endpoint of the organisation', '不是本机构的 Webhook 地址'),
  deliveryNotFound: fieldText('deliveryId', 'is not a delivery of the organisation', '不是本机构的推送记录'),
  privateUrl: fieldText(
    'url',
    'points at a private or loopback address, which a production server does not call',
    '指向内网或本机地址，生产环境不会推送到这里',
  ),
  unresolvedUrl: fieldText('url', 'has a host name that does not resolve', '的主机名无法解析'),
  disabledEndpoint: fieldText(
    'id',
    'is turned off: turn it on before sending a test event',
    '已停用，请先启用再发送测试事件',
  ),
  onlyYourMerchants: fieldText(
    'merchantIds',
    "you see only some merchants, so an endpoint you add receives only some of those merchants' events",
    '您只能查看部分商户，添加的地址只能接收这些商户中部分或全部商户的事件',
  ),
  // The merchant API's words (/api/v1/webhook_endpoints): merchants by number, a key rather than a person.
  merchantsNotFound: (mchNos: readonly string[]) =>
    fieldText(
      'mchNos',
      `no such merchant that this API key may act for: ${mchNos.join(', ')}`,
      `没有该 API 密钥可操作的以下商户：${mchNos.join('、')}`,
    ),
  keyForSomeMerchants: fieldText(
    'mchNos',
    "this API key acts for only some merchants, so an endpoint it adds names some of those merchants (not null: every merchant's events)",
    '该 API 密钥只能操作部分商户，添加的地址须列出其中部分或全部商户（不能为 null，即全部商户的事件）',
  ),
  tooMany: text('An organisation may have at most 20 webhook endpoints', '每个机构最多 20 个 Webhook 地址'),
  failing: text(
    'Turned off by the platform: every try of a delivery failed for 3 days',
    '平台已停用：一条推送连续 3 天全部失败',
  ),
  disabledSms: (url: string) =>
    text(
      `Your webhook endpoint ${url} failed for 3 days and has been turned off; turn it on again on the Developer page.`,
      `【商户平台】您的 Webhook 地址 ${url} 连续 3 天推送失败，已被停用，请在开发者页面处理后重新启用。`,
    ),
};
