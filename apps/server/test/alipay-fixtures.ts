import { alipayChannel } from '../src/alipay/index.ts';
import { withPaymentAdapter, type Channels } from '../src/channels.ts';
import { loadConfig } from '../src/config.ts';
import { SANDBOX_CHANNELS } from '../src/sandbox/index.ts';
import { injectedInto, type AlipayFake } from './fakes/alipay-fake.ts';
import { createTestApp, type TestApp } from './harness.ts';

// The Alipay tests' server: connected to the local fake gateway (its notices injected), logging into `logLines`.

export const ORIGIN = 'http://mchweb.test';
export const SMID = '2088000000000001';
export const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** The fake started, a test app whose Alipay settings point at it, and the channels with its adapter. */
export async function alipayTestApp(fake: AlipayFake, logLines: string[]): Promise<{ t: TestApp; channels: Channels }> {
  await fake.start();
  const config = loadConfig({ NODE_ENV: 'test', ...fake.env(ORIGIN) });
  const t = await createTestApp({
    config: { alipay: config.alipay, publicOrigin: ORIGIN },
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  fake.deliver = injectedInto(t.app);
  return { t, channels: withPaymentAdapter(SANDBOX_CHANNELS, 'ALIPAY', alipayChannel(config.alipay!)) };
}
