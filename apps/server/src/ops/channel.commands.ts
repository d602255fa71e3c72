import { CHANNELS } from '@mchweb/contract';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { isConnected, type Channels } from '../channels.ts';
import { configuredChannels } from '../channels-config.ts';
import { loadConfig } from '../config.ts';
import type { ConnectionCheck } from '../connection-check.ts';
import { OpsError } from '../ops-error.ts';
import type { SmsSender } from '../sms-sender.ts';
import { providerSms } from '../sms/index.ts';
import type { Command } from './command.ts';
import { formatTable } from './format-table.ts';

export interface CheckedChannel {
  channel: string;
  result: 'connected' | 'refused' | 'not connected';
  ms: number | null;
  detail: string;
}

async function timed(channel: string, check: () => Promise<ConnectionCheck>): Promise<CheckedChannel> {
  const started = performance.now();
  const found = await check().catch((err: unknown) => ({
    connected: false as const,
    why: `the check failed: ${err instanceof Error ? err.name : 'error'}`,
  }));
  const ms = Math.round(performance.now() - started);
  return found.connected
    ? { channel, result: 'connected', ms, detail: found.detail ?? '' }
    : { channel, result: 'refused', ms, detail: found.why };
}

const notConnected = (channel: string, detail: string): CheckedChannel => ({
  channel,
  result: 'not connected',
  ms: null,
  detail,
});

/**
 * A harmless signed call to each configured channel: the payment channels of the registry, the payout channel and
 * the SMS provider, each answering connected or refused (why: bad signature, wrong key, unreachable) with its
 * latency. A channel with no adapter is "not connected"; an adapter without a check has nothing to call.
 */
export async function checkChannels(channels: Channels, sms: SmsSender | null): Promise<CheckedChannel[]> {
  const found: CheckedChannel[] = [];
  for (const channel of CHANNELS) {
    const adapter = channels.payment(channel);
    if (!isConnected(adapter)) found.push(notConnected(channel, 'no adapter configured'));
    else if (!adapter.check) found.push(notConnected(channel, 'its adapter has no check'));
    else found.push(await timed(channel, () => adapter.check!()));
  }
  const payout = channels.payout;
  if (!isConnected(payout)) found.push(notConnected('PAYOUT', 'no adapter configured'));
  else found.push(payout.check ? await timed('PAYOUT', () => payout.check!()) : notConnected('PAYOUT', 'no check'));
  if (!sms?.check) found.push(notConnected('SMS', 'the sandbox outbox (nothing leaves this server)'));
  else found.push(await timed('SMS', () => sms.check!()));
  return found;
}

/** The table the operator reads; a refused channel makes the command fail (exit 1). */
export function reportChecks(found: CheckedChannel[]): string {
  const table = formatTable(
    found.map((c) => ({ channel: c.channel, result: c.result, ms: c.ms ?? '-', detail: c.detail })),
  );
  if (found.some((c) => c.result === 'refused')) throw new OpsError(table);
  return table;
}

export const CHANNEL_COMMANDS: Record<string, Command> = {
  'channel:check': {
    usage: 'channel:check',
    help: 'a harmless signed call to each configured payment channel, the payout channel and the SMS provider',
    async run(db) {
      const config = loadConfig();
      // The SMS adapter logs each call; the operator reads the table instead.
      const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
      return reportChecks(await checkChannels(configuredChannels(config, db), providerSms(config.sms, quiet)));
    },
  },
};
