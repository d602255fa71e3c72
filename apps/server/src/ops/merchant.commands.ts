import { systemActor } from '../actor.ts';
import { BizError } from '../errors.ts';
import { getChannelAccounts, setChannelAccounts, type ChannelAccounts } from '../modules/merchant/index.ts';
import { OpsError } from '../ops-error.ts';
import { parseOptions, type Command } from './command.ts';

// A merchant's ids at the real channels (npm run ops -- merchant:channel-accounts), set by the platform's operator
// once WeChat Pay or Alipay has made the merchant its sub-merchant.

const OPERATOR = systemActor('ops');

const OPTIONS = {
  'wechat-sub-mchid': 'wechatSubMchid',
  'alipay-smid': 'alipaySmid',
  'alipay-app-auth-token': 'alipayAppAuthToken',
} as const satisfies Record<string, keyof ChannelAccounts>;

const show = (mchNo: string, a: ChannelAccounts) =>
  [
    `Merchant ${mchNo}:`,
    `  WeChat Pay sub_mchid      ${a.wechatSubMchid ?? '(not set)'}`,
    `  Alipay smid               ${a.alipaySmid ?? '(not set)'}`,
    `  Alipay app_auth_token     ${a.alipayAppAuthToken === null ? '(not set)' : `${a.alipayAppAuthToken.slice(0, 6)}…`}`,
  ].join('\n');

export const MERCHANT_COMMANDS: Record<string, Command> = {
  'merchant:channel-accounts': {
    usage: 'merchant:channel-accounts <mchNo> [--wechat-sub-mchid ID] [--alipay-smid ID] [--alipay-app-auth-token T]',
    help: "show or set a merchant's sub-merchant ids at WeChat Pay and Alipay (`none` clears one)",
    async run(db, args) {
      const { positional, options } = parseOptions(args, Object.keys(OPTIONS));
      const mchNo = positional[0];
      if (!mchNo) throw new OpsError('Missing the merchant number (M and 9 digits).');
      const change: Partial<ChannelAccounts> = {};
      for (const [option, field] of Object.entries(OPTIONS)) {
        const value = options[option];
        if (value !== undefined) change[field] = value === 'none' ? null : value;
      }
      try {
        const accounts = Object.keys(change).length
          ? await db.transaction((tx) => setChannelAccounts(tx, OPERATOR, mchNo, change))
          : await getChannelAccounts(db, mchNo);
        return show(mchNo, accounts);
      } catch (err) {
        // The service's refusal (no such merchant, a malformed id) is the operator's to read.
        if (err instanceof BizError) throw new OpsError(err.text['en-US']);
        throw err;
      }
    },
  },
};
