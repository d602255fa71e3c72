import type { Channel } from '@mchweb/contract';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loggedChannels } from '../channels.ts';
import { configuredChannels } from '../channels-config.ts';
import { loadConfig } from '../config.ts';
import { downloadOf, downloadStatement } from '../modules/statement/index.ts';
import { OpsError } from '../ops-error.ts';
import { parseOptions, type Command } from './command.ts';
import { formatTable } from './format-table.ts';

/** The channels' names on the command line (the operator's words), and their own codes. */
const CHANNEL_NAMES: Record<string, Channel> = { wechatpay: 'WECHAT', wechat: 'WECHAT', alipay: 'ALIPAY' };

export const STATEMENT_COMMANDS: Record<string, Command> = {
  'statement:fetch': {
    usage: 'statement:fetch --channel <wechatpay|alipay> --date YYYY-MM-DD [--replace]',
    help: "download and keep a channel's statement of a day (China's day), as the queue's job does; --replace a kept one",
    async run(db, args) {
      const replace = args.includes('--replace');
      const { options } = parseOptions(
        args.filter((a) => a !== '--replace'),
        ['channel', 'date'],
      );
      const channel = CHANNEL_NAMES[(options.channel ?? '').toLowerCase()];
      if (!channel) throw new OpsError('--channel wechatpay or --channel alipay is required.');
      const day = options.date;
      if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day)))
        throw new OpsError('--date YYYY-MM-DD is required: the statement day (China time).');
      const kept = await downloadOf(db, channel, day);
      if (kept && !replace)
        throw new OpsError(
          `The ${channel} statement of ${day} is kept already (${kept.lineCount} lines, downloaded ` +
            `${kept.downloadedAt.toISOString()}); --replace downloads it again and replaces it.`,
        );
      // The adapters log each call at info; the operator reads the answer instead.
      const quiet = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
      const channels = loggedChannels(configuredChannels(loadConfig(), db), quiet);
      const { lines, stored } = await downloadStatement(db, channels, channel, day, { replace }).catch((err: Error) => {
        throw new OpsError(`The ${channel} statement of ${day} was not downloaded: ${err.message}`);
      });
      if (!stored) throw new OpsError(`The ${channel} statement of ${day} was kept meanwhile by the queue's job.`);
      const net = lines.reduce((s, l) => s + l.amountFen, 0);
      const rows = lines.map((l) => ({
        order_no: l.orderNo,
        refund_no: l.refundNo ?? null,
        channel_trade_no: l.channelTradeNo,
        amount_fen: l.amountFen,
        at: l.at.toISOString(),
      }));
      return [
        `Kept the ${channel} statement of ${day}${kept ? ' (replacing the one kept before)' : ''}: ` +
          `${lines.length} line(s), net ${net} fen. Check it: npm run ops -- reconcile --date ${day}`,
        formatTable(rows),
      ].join('\n');
    },
  },
};
