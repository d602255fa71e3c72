import { loadConfig } from '../config.ts';
import { checkLedger } from '../modules/ledger/index.ts';
import { generateDemoOrders } from '../sandbox/demo-orders.ts';
import { OpsError } from '../ops-error.ts';
import { parseOptions, type Command } from './command.ts';

// Orders for benchmarks and demos (npm run ops -- demo:orders): never on a production database.

const positiveInt = (name: string, value: string | undefined, fallback: number, max: number) => {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new OpsError(`--${name} must be a whole number from 1 to ${max}.`);
  }
  return Number(value);
};

export const ORDER_COMMANDS: Record<string, Command> = {
  'demo:orders': {
    usage: 'demo:orders [--orders N] [--days D] [--company ID]',
    help: 'fill N realistic orders (default 10000) over the last D days (default 90), paid, refunded, closed',
    async run(db, args) {
      const config = loadConfig();
      if (config.production) throw new OpsError('demo:orders refuses to run with MCHWEB_ENV=production.');
      const { options } = parseOptions(args, ['orders', 'days', 'company']);
      const orders = positiveInt('orders', options.orders, 10_000, 10_000_000);
      const days = positiveInt('days', options.days, 90, 3650);
      const companyId =
        options.company === undefined ? undefined : positiveInt('company', options.company, 0, 2 ** 31 - 1);
      const started = Date.now();
      const made = await generateDemoOrders(db, {
        orders,
        days,
        companyId,
        tz: config.timezone,
        progress: (done) => process.stderr.write(`\r${done.toLocaleString('en-US')} orders...`),
      });
      process.stderr.write('\n');
      const problems = await checkLedger(db);
      if (problems.length) throw new OpsError(`The ledger does not balance: ${JSON.stringify(problems.slice(0, 5))}`);
      return `Made ${made.toLocaleString('en-US')} orders over ${days} days in ${((Date.now() - started) / 1000).toFixed(1)} s; the ledger balances.`;
    },
  },
};
