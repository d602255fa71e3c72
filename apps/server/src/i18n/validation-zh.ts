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
];

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
