import { UNCONNECTED, type Channels } from './channels.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { sandboxChannels } from './sandbox/index.ts';

/**
 * The channels' adapters this configuration connects: app.ts hands them to the modules, `npm run ops --
 * channel:check` checks them. The real channels' adapters are chosen here from their settings.
 */
export function configuredChannels(config: Config, db: Db): Channels {
  return config.sandbox ? sandboxChannels(db) : UNCONNECTED;
}
