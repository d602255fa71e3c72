import { registerTranslations } from '@/i18n';

/**
 * Options of a lookup whose key holds a scope (`scope.orders:read`): the scope's colon is not i18next's namespace
 * separator (without this the lookup finds nothing and shows the bare word after the colon).
 */
export const SCOPE_KEY = { nsSeparator: false } as const;

/** The merchant API's keys and reference (namespace `developer`). */
export const NS = registerTranslations('developer', {
  'zh-CN': {
    title: '开发者',
    intro: '用 API 密钥让您的收银系统、POS 或财务软件直接发起收款、查询订单、退款和查看结算，并通过 Webhook 接收通知。',
    tabs: { keys: 'API 密钥', reference: 'API 文档' },
    cancel: '取消',
    scope: {
      'orders:read': '查询订单',
      'orders:write': '发起收款',
      'refunds:write': '退款',
      'settlements:read': '查询结算',
      'webhooks:manage': '管理 Webhook',
    },
    keys: {
      create: '创建密钥',
      loadError: 'API 密钥加载失败',
      empty: '还没有 API 密钥',
      emptyText: '创建一个密钥，让您的系统调用商户 API。密钥只在创建时显示一次。',
      testMode: '测试环境',
      testHint: '这是沙箱服务器：密钥以 mk_test_ 开头，只能在沙箱中使用，不会产生真实交易。',
      col: {
        name: '名称',
        key: '密钥',
        scopes: '权限',
        merchants: '商户范围',
        created: '创建时间',
        lastUsed: '最近使用',
        status: '状态',
        actions: '操作',
      },
      never: '从未使用',
      allMerchants: '全部商户',
      merchantCount_one: '{{count}} 个商户',
      merchantCount_other: '{{count}} 个商户',
      status: { ACTIVE: '有效', REVOKED: '已吊销' },
      by: '由 {{who}} 创建',
      revoke: '吊销',
      revokeTitle: '确定吊销密钥“{{name}}”？',
      revokeText: '吊销后，使用该密钥的请求会立即被拒绝（401），且无法恢复。正在使用它的系统需要换用新密钥。',
      revoked: '密钥“{{name}}”已吊销',
    },
    create: {
      title: '创建 API 密钥',
      submit: '创建',
      name: '名称',
      namePlaceholder: '例如：门店收银系统',
      nameRule: '请输入 1 到 50 个字的名称',
      scopes: '权限',
      scopesRule: '请至少选择一项权限',
      scopeHint: {
        'orders:read': '查询订单、订单列表和退款',
        'orders:write': '为商户创建收款订单',
        'refunds:write': '对已支付的订单发起退款',
        'settlements:read': '查询结算记录',
        'webhooks:manage': '查看、添加、修改和停用 Webhook 地址，轮换其签名密钥',
      },
      merchants: '可操作的商户',
      merchantsHint: '选择“全部商户”时，以后新增的商户也包括在内。',
    },
    reference: {
      loadError: 'API 文档加载失败',
      scope: '所需权限',
      param: '参数',
      in: '位置',
      type: '类型',
      required: '必填',
      yes: '是',
      description: '说明',
      request: '请求示例',
      response: '响应示例',
      download: '下载 OpenAPI 文档（openapi.json）',
      // The document (openapi.json) is in English, as the API's own messages are by default: the intro is ours.
      intro:
        '用您的系统直接发起收款、查询订单、退款、查看结算和管理 Webhook 地址。\n\n' +
        '用本页创建的 API 密钥认证：`Authorization: Bearer mk_live_...`（沙箱为 `mk_test_...`）。\n\n' +
        '每个 POST 请求都要带 `Idempotency-Key` 请求头，按 API 密钥保留 24 小时：同一个键、同样的请求体返回同样的结果；请求体不同则返回 409。\n\n' +
        '错误为 `{ "error": { "type", "code", "message", "param" } }` 加 HTTP 状态码；金额一律以分为单位的整数。',
      docLanguage:
        'OpenAPI 文档（openapi.json）为英文，本页是它的中文版。请求头加 `Accept-Language: zh-CN`，错误的 message 即为中文。',
      // The document's own texts in Chinese, by operationId, tag and parameter name (English: the document's own).
      doc: {
        ops: {
          createPayment: {
            summary: '发起收款',
            description:
              '为密钥可操作的某个商户创建一笔待支付（PENDING）订单。把 `payerUrl` 做成二维码给付款人扫（或在其手机上直接打开）；超过 `expiresInMinutes`（最长 15 分钟）未付即关闭。请带上 `Idempotency-Key`：同一个键、同样的请求体重试时返回同一笔订单。',
          },
          listPayments: {
            summary: '查询订单列表',
            description:
              '按创建时间从新到旧，筛选条件与商户平台的订单查询相同（默认最近 7 天和今天）。按游标翻页：`hasMore` 为 true 时，把 `nextCursor` 作为 `cursor` 传回。',
          },
          getPayment: {
            summary: '查询单笔订单',
            description: '按订单号查询密钥可操作商户的一笔订单（其他商户的订单返回 404）。',
          },
          createRefund: {
            summary: '退款',
            description:
              '退回已支付订单的部分或全部剩余金额。渠道答复前退款为处理中（PROCESSING），之后为成功（SUCCESS）或失败（FAILED）。请带上 `Idempotency-Key`：重试时返回同一笔退款。',
          },
          getRefund: {
            summary: '查询退款',
            description: '按退款单号查询密钥可操作商户的订单的一笔退款。',
          },
          listSettlements: {
            summary: '查询结算列表',
            description:
              '每个商户每个营业日一条结算（T+1），营业日从新到旧（默认最近 30 天）。翻页方式与订单列表相同。',
          },
          listWebhookEndpoints: {
            summary: '查询 Webhook 地址列表',
            description:
              '本机构的 Webhook 地址（最多 20 个，一页返回），按添加先后排列。只能操作部分商户的密钥，只看到限定为其中部分商户的地址。',
          },
          createWebhookEndpoint: {
            summary: '添加 Webhook 地址',
            description:
              '平台把 `mchNos` 中商户（null 为全部商户，包括以后新增的；只能操作部分商户的密钥须列出其中部分商户）的 `eventTypes` 事件推送到这里，按 Standard Webhooks 规范签名。响应中含签名密钥 `secret`：请妥善保存，之后不会再返回（轮换密钥可获得新的）。每个机构最多 20 个地址。',
          },
          getWebhookEndpoint: {
            summary: '查询单个 Webhook 地址',
            description: '一个 Webhook 地址，不含签名密钥。',
          },
          updateWebhookEndpoint: {
            summary: '修改 Webhook 地址',
            description:
              '只修改请求中给出的字段，其余不变。`enabled: false` 停用该地址（没有删除：地址只能停用，其推送记录仍可在商户平台查看）；`enabled: true` 重新启用（包括被平台停用的），从下一个事件开始推送。',
          },
          rotateWebhookEndpointSecret: {
            summary: '轮换签名密钥',
            description:
              '生成新的签名密钥，只在本次响应中返回。旧密钥在 `previousSecretUntil`（24 小时后）之前也会签名（第二个签名）：请在此之前部署新密钥。',
          },
        },
        tags: {
          payments: '商户的收款（订单）',
          refunds: '已支付订单的退款',
          settlements: '每个商户每个营业日的 T+1 结算',
          webhook_endpoints: '平台向其推送您商户签名事件的地址',
        },
        params: {
          'Idempotency-Key': '每次操作唯一的值（如 UUID），重试时原样再发。保留 24 小时。',
        },
      },
    },
    secret: {
      title: '请立即保存密钥',
      warning: '这是唯一一次显示完整密钥。关闭后无法再次查看；丢失后只能吊销并新建。',
      copy: '复制密钥',
      copied: '已复制',
      copyFailed: '无法访问剪贴板，请手动选中复制',
      usage: '调用时放在请求头：Authorization: Bearer <密钥>',
      done: '我已保存',
    },
  },
  'en-US': {
    title: 'Developers',
    intro:
      'API keys let your shop system, POS or accounting tool take payments, read orders, refund and see settlements on its own, and hear about them through webhooks.',
    tabs: { keys: 'API keys', reference: 'API reference' },
    cancel: 'Cancel',
    scope: {
      'orders:read': 'Read orders',
      'orders:write': 'Take payments',
      'refunds:write': 'Refund',
      'settlements:read': 'Read settlements',
      'webhooks:manage': 'Manage webhooks',
    },
    keys: {
      create: 'Create key',
      loadError: 'The API keys could not be loaded',
      empty: 'No API keys yet',
      emptyText:
        'Create a key so your systems can call the merchant API. A key is shown only once, when it is created.',
      testMode: 'Test mode',
      testHint: 'This is a sandbox server: keys start with mk_test_, work only here, and move no real money.',
      col: {
        name: 'Name',
        key: 'Key',
        scopes: 'Scopes',
        merchants: 'Merchants',
        created: 'Created',
        lastUsed: 'Last used',
        status: 'Status',
        actions: 'Actions',
      },
      never: 'Never',
      allMerchants: 'All merchants',
      merchantCount_one: '{{count}} merchant',
      merchantCount_other: '{{count}} merchants',
      status: { ACTIVE: 'Active', REVOKED: 'Revoked' },
      by: 'Created by {{who}}',
      revoke: 'Revoke',
      revokeTitle: 'Revoke the key "{{name}}"?',
      revokeText:
        'Calls with this key are refused (401) from now on, and this cannot be undone. Systems using it need a new key.',
      revoked: 'The key "{{name}}" is revoked',
    },
    create: {
      title: 'Create an API key',
      submit: 'Create',
      name: 'Name',
      namePlaceholder: 'e.g. Shop till system',
      nameRule: 'Enter a name of 1 to 50 characters',
      scopes: 'Scopes',
      scopesRule: 'Choose at least one scope',
      scopeHint: {
        'orders:read': 'Read orders, the order list and refunds',
        'orders:write': "Create payments for the key's merchants",
        'refunds:write': 'Refund paid orders',
        'settlements:read': 'Read settlements',
        'webhooks:manage': 'List, add, change and turn off webhook endpoints, and rotate their signing secrets',
      },
      merchants: 'Merchants it may act for',
      merchantsHint: 'All merchants includes merchants added later.',
    },
    reference: {
      loadError: 'The API reference could not be loaded',
      scope: 'Scope needed',
      param: 'Parameter',
      in: 'In',
      type: 'Type',
      required: 'Required',
      yes: 'Yes',
      description: 'Description',
      request: 'Example request',
      response: 'Example response',
      download: 'Download the OpenAPI document (openapi.json)',
      // Empty: the document's own introduction, in English, is shown.
      intro: '',
      docLanguage: '',
    },
    secret: {
      title: 'Save your key now',
      warning:
        'This is the only time the whole key is shown. Once closed it cannot be shown again; if it is lost, revoke it and create another.',
      copy: 'Copy key',
      copied: 'Copied',
      copyFailed: 'The clipboard is not available; select the key and copy it by hand',
      usage: 'Send it in a header: Authorization: Bearer <key>',
      done: 'I have saved it',
    },
  },
});
