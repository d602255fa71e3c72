import { configuredChannels } from '../src/channels-config.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { storeStatement } from '../src/modules/statement/index.ts';

/*
 * `node --import tsx apps/server/test/fetch-statements.ts DAY WECHAT ALIPAY`, for e2e/specs/cashier.channels.spec.ts:
 * what the `statements` job does for yesterday, for any day and now: each channel's statement downloaded through its
 * adapter (the server's settings in the environment: the fakes' gateways) and kept, printed as JSON. The e2e story
 * pays today, and the job only fetches a day once it has ended; `npm run ops -- reconcile --date DAY` then checks it.
 */
const [day, ...channels] = process.argv.slice(2);
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const registry = configuredChannels(config, database.db);
  const kept: Record<string, { orderNo: string; refundNo: string | null; amountFen: number }[]> = {};
  for (const channel of channels as ('WECHAT' | 'ALIPAY')[]) {
    const lines = await registry.payment(channel).fetchStatement(day!);
    await storeStatement(database.db, channel, day!, lines, { replace: true });
    kept[channel] = lines.map((l) => ({ orderNo: l.orderNo, refundNo: l.refundNo ?? null, amountFen: l.amountFen }));
  }
  process.stdout.write(JSON.stringify(kept));
} finally {
  await database.close();
}
