/**
 * Chinese for a validation problem. The contract's schemas carry their own English phrases (shared with the
 * web app's form rules), translated here by pattern; zod's default messages are rebuilt from the issue's code
 * and parameters instead, so a new schema gets Chinese without anyone adding it here.
 */
const PHRASES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^is required$/, () => '必填'],
  [/^must be at least (\d+) characters$/, (m) => `至少 ${m[1]} 个字符`],
  [/^must be at most (\d+) characters$/, (m) => `最多 ${m[1]} 个字符`],
  [/^must be a mainland China mobile number of 11 digits$/, () => '须为 11 位中国大陆手机号'],
  [/^must be the 6-digit code from the SMS$/, () => '须为短信中的 6 位验证码'],
  [/^must contain a letter$/, () => '须包含字母'],
  [/^must contain a digit$/, () => '须包含数字'],
  [/^the user, privacy and risk agreements must be accepted$/, () => '须同意用户协议、隐私政策和风险提示'],
  [
    /^must be an 18-character unified social credit code with a valid check digit$/,
    () => '须为 18 位统一社会信用代码，且校验位正确',
  ],
  // Identity numbers, accounts, rates and dates (contract: validation.ts)
  [/^check digit is wrong$/, () => '校验位不正确'],
  [/^must be 18 characters: 17 digits and a digit or X$/, () => '须为 18 位：17 位数字加 1 位数字或 X'],
  [/^must start with a mainland China region code$/, () => '须以中国大陆的行政区划代码开头'],
  [/^must carry a real birth date that is not in the future$/, () => '所含出生日期须真实存在且不晚于今天'],
  [/^must be a bank card number of 12 to 19 digits$/, () => '须为 12 至 19 位数字的银行卡号'],
  [/^must be 8 to 32 digits$/, () => '须为 8 至 32 位数字'],
  [/^must have at most one decimal$/, () => '最多一位小数'],
  [/^must be a real date as YYYY-MM-DD$/, () => '须为真实存在的日期，格式 YYYY-MM-DD'],
  [/^must be a real date as YYYY-MM-DD or (\w+)$/, (m) => `须为真实存在的日期（YYYY-MM-DD）或 ${m[1]}（长期）`],
  [
    /^must be a date as YYYY-MM-DD or a time as ISO 8601 with offset$/,
    () => '须为日期（YYYY-MM-DD）或带时区的 ISO 8601 时间',
  ],
  [
    /^must be a mobile number, a landline with area code, a 400\/800 number or a 95 number$/,
    () => '须为手机号、带区号的固定电话、400/800 电话或 95 开头的客服电话',
  ],
  // The onboarding application (contract: onboarding.ts)
  [/^must be a person's name$/, () => '须为人名'],
  [/^must not be in the future$/, () => '不能晚于今天'],
  [/^must be after idValidFrom$/, () => '须晚于证件有效期起始日（idValidFrom）'],
  [/^has passed: the identity card has expired$/, () => '已过期：身份证已失效'],
  [/^must be empty for a small-micro merchant$/, () => '小微商户无营业执照，不填'],
  [/^must start with 92 for an individual business$/, () => '个体工商户的统一社会信用代码须以 92 开头'],
  [
    /^starts with 92, which is an individual business: choose that type$/,
    () => '以 92 开头，属于个体工商户：请选择个体工商户类型',
  ],
  [/^must be CORPORATE for an enterprise$/, () => '企业须使用对公账户（CORPORATE）'],
  [/^must be PERSONAL for a small-micro merchant$/, () => '小微商户须使用对私账户（PERSONAL）'],
  [/^must match the merchant name for a corporate account$/, () => '对公账户的户名须与商户名称一致'],
  [/^must match the legal person's name for a personal account$/, () => '对私账户的户名须与法人姓名一致'],
  [/^must name at least one channel$/, () => '至少选择一个支付渠道'],
  [/^is listed twice$/, () => '重复填写'],
  [/^must include (\w+)$/, (m) => `须上传${DOC_KINDS_ZH[m[1]!] ?? ''}（${m[1]}）`],
  [/^must not repeat a value$/, () => '不能有重复的值'],
  [/^must be the fileId of an upload$/, () => '须为已上传文件的 fileId'],
  [/^must be a merchant number like M100000001$/, () => '须为商户号，如 M100000001'],
  [/^must be an application number like A20260501093000123456$/, () => '须为进件申请号，如 A20260501093000123456'],
  [/^must be an invitation number from an invitation link$/, () => '须为邀请链接中的邀请号'],
  // Payment codes and money (contract: code/, order/)
  [/^must be a payment code number of 12 digits$/, () => '须为 12 位数字的收款码编号'],
  [/^must be a batch number like (B\d+)$/, (m) => `须为批次号，如 ${m[1]}`],
  [/^must be a whole number of fen$/, () => '须为整数（单位：分）'],
  [/^must be at least (¥[\d,.]+)$/, (m) => `不能少于 ${m[1]}`],
  [/^must be at most (¥[\d,.]+)$/, (m) => `不能超过 ${m[1]}`],
  // Funds (contract: transfer/, split/, order/)
  [/^must share at most (\d+) % in all \(now (\d+) %\)$/, (m) => `分账比例合计不能超过 ${m[1]}%（当前 ${m[2]}%）`],
  [/^must not include the merchant itself$/, () => '不能包含分账商户自身'],
  [/^must not name a merchant twice$/, () => '同一商户不能重复添加'],
  [/^must name at least one receiver$/, () => '至少添加一个分账接收方'],
  [/^must name at most (\d+) receivers$/, (m) => `最多添加 ${m[1]} 个分账接收方`],
  [/^must be a whole percent$/, () => '须为整数百分比'],
  [/^must be at least (\d+) %$/, (m) => `不能小于 ${m[1]}%`],
  [/^must be at most (\d+) %$/, (m) => `不能超过 ${m[1]}%`],
  [/^must be the mobile number or e-mail of the Alipay account$/, () => '须为支付宝账户的手机号或邮箱'],
  [
    /^must be the WeChat openid \(20 to 40 letters, digits, - or _\)$/,
    () => '须为微信 openid（20 至 40 位字母、数字、- 或 _）',
  ],
  [/^must be 8 to 64 letters, digits, "-" or "_"$/, () => '须为 8 至 64 位字母、数字、"-" 或 "_"'],
  // A member limited to some merchants (contract: staff.ts)
  [/^must name at least (\d+) merchants?$/, (m) => `至少选择 ${m[1]} 个商户`],
  [/^must name at most (\d+) merchants$/, (m) => `最多选择 ${m[1]} 个商户`],
  [/^must be an order number like (P\d+)$/, (m) => `须为订单号，如 ${m[1]}`],
  [/^must be a transfer number like (T\d+)$/, (m) => `须为转账单号，如 ${m[1]}`],
  [/^must be a settlement number like (S\d+M\d+)$/, (m) => `须为结算单号，如 ${m[1]}`],
  [/^must be an application number like (D\d+)$/, (m) => `须为分账申请号，如 ${m[1]}`],
];

/** The documents of an application (contract: DOC_KINDS). */
const DOC_KINDS_ZH: Record<string, string> = {
  LICENCE: '营业执照',
  ID_FRONT: '身份证人像面',
  ID_BACK: '身份证国徽面',
  SHOP_FRONT: '门头照',
  SHOP_INSIDE: '店内照',
};

const TYPES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值',
  object: 'JSON 对象',
  array: '数组',
  date: '日期',
  null: 'null',
};

export interface IssueFacts {
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

const num = (v: unknown) => String(v);

function fromCode({ keyword, params }: IssueFacts): string {
  const origin = params.origin as string | undefined;
  switch (keyword) {
    case 'invalid_type':
      return `应为${TYPES[params.expected as string] ?? String(params.expected)}`;
    case 'too_small':
      if (origin === 'string') return `至少 ${num(params.minimum)} 个字符`;
      if (origin === 'array' || origin === 'set') return `至少 ${num(params.minimum)} 项`;
      return params.inclusive === false ? `须大于 ${num(params.minimum)}` : `不能小于 ${num(params.minimum)}`;
    case 'too_big':
      if (origin === 'string') return `最多 ${num(params.maximum)} 个字符`;
      if (origin === 'array' || origin === 'set') return `最多 ${num(params.maximum)} 项`;
      return params.inclusive === false ? `须小于 ${num(params.maximum)}` : `不能大于 ${num(params.maximum)}`;
    case 'invalid_value': {
      const values = Array.isArray(params.values) ? params.values.map(String).join(', ') : '';
      return values ? `须为以下之一：${values}` : '取值无效';
    }
    case 'not_multiple_of':
      return `须为 ${num(params.divisor)} 的倍数`;
    case 'invalid_format':
      return '格式不正确';
    default:
      return '无效';
  }
}

export function zhProblem(issue: IssueFacts): string {
  for (const [re, say] of PHRASES) {
    const m = re.exec(issue.message ?? '');
    if (m) return say(m);
  }
  return fromCode(issue);
}
