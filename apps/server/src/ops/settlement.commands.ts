import { systemActor } from '../actor.ts';
import { loadConfig } from '../config.ts';
import { BizError } from '../errors.ts';
import { RECONCILE_CHECKS } from '../modules/index.ts';
import { runSettlement } from '../modules/settlement/index.ts';
import { reconcileDay } from '../reconcile.ts';
import { OpsError } from '../ops-error.ts';
import { merchantIdByNo } from '../modules/merchant/index.ts';
import { parseOptions, type Command } from './command.ts';

const OPERATOR = systemActor('ops');

export const SETTLEMENT_COMMANDS: Record<string, Command> = {
  'settle:run': {
    usage: 'settle:run --date YYYY-MM-DD [--mch MCHNO]',
    help: 'settle a finished business day (every merchant, or one), then retry FAILED settlements up to that day',
    async run(db, args) {
      const { options } = parseOptions(args, ['date', 'mch']);
      const day = options.date;
      if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) {
        throw new OpsError('--date YYYY-MM-DD is required: the business day to settle.');
      }
      let merchantId: number | undefined;
      if (options.mch) {
        merchantId = (await merchantIdByNo(db, options.mch)) ?? undefined;
        if (!merchantId) throw new OpsError(`No merchant ${options.mch}.`);
      }
      try {
        const r = await runSettlement(db, OPERATOR, day, { tz: loadConfig().timezone }, { merchantId });
        return `Settled ${r.day}: ${r.settled} settled, ${r.failed} failed, ${r.skipped} unchanged (${r.retried} earlier failures retried).`;
      } catch (err) {
        if (err instanceof BizError) throw new OpsError(err.text['en-US']);
        throw err;
      }
    },
  },
};

SETTLEMENT_COMMANDS['reconcile'] = {
  usage: 'reconcile --date YYYY-MM-DD',
  help: "run every module's checks of a business day (orders, ledger, settlements, transfers, channel statements); prints every difference",
  async run(db, args) {
    const { options } = parseOptions(args, ['date']);
    const day = options.date;
    if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new OpsError('--date YYYY-MM-DD is required.');
    const config = loadConfig();
    const { differences, open } = await reconcileDay(db, RECONCILE_CHECKS, day, {
      tz: config.timezone,
      settleAt: config.settleAt,
    });
    // A day whose settlement is still to come is open: said, but not a difference (exit 0).
    const pending = open.length
      ? `\n${day} is open (its settlement or a channel's statement is still to come):\n${open.join('\n')}`
      : '';
    if (differences.length) {
      throw new OpsError(`${day}: ${differences.length} difference(s):\n${differences.join('\n')}${pending}`);
    }
    return `${day}: orders, ledger and settlements agree.${pending}`;
  },
};
