import { ACCESS_CHANNEL } from '../access-cache.ts';
import { systemActor } from '../actor.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { changeCompanyStatus, listCompaniesForOps, parseCompanyId } from '../modules/company/index.ts';
import { BizError } from '../errors.ts';
import { OpsError } from '../ops-error.ts';
import { CHANNEL_COMMANDS } from './channel.commands.ts';
import type { Command } from './command.ts';
import { formatTable } from './format-table.ts';
import { ONBOARDING_COMMANDS } from './onboarding.commands.ts';
import { MERCHANT_COMMANDS } from './merchant.commands.ts';
import { OPERATOR_COMMANDS } from './operator.commands.ts';
import { ORDER_COMMANDS } from './order.commands.ts';
import { SETTLEMENT_COMMANDS } from './settlement.commands.ts';
import { SPLIT_COMMANDS } from './split.commands.ts';
import { STATEMENT_COMMANDS } from './statement.commands.ts';
import { USER_COMMANDS, usersWithCompanies } from './user.commands.ts';

export { formatTable, usersWithCompanies };

/** The operator, as the audit log records it. Every command calls the same services the API calls. */
export const OPERATOR = systemActor('ops');

const statusCommand = (action: 'freeze' | 'unfreeze' | 'close', help: string): Command => ({
  usage: `company:${action} <id>`,
  help,
  async run(db, args) {
    const id = parseCompanyId(args[0]);
    try {
      const status = await db.transaction((tx) => changeCompanyStatus(tx, OPERATOR, id, action));
      return `Organisation ${id} is now ${status}.`;
    } catch (err) {
      // A refusal of the service (no such organisation, a state it cannot move from) is the operator's to read.
      if (err instanceof BizError) throw new OpsError(err.text['en-US']);
      throw err;
    }
  },
});

export const COMMANDS: Record<string, Command> = {
  'company:list': {
    usage: 'company:list',
    help: 'list organisations with status and member count',
    run: async (db) => formatTable(await listCompaniesForOps(db)),
  },
  'company:freeze': statusCommand('freeze', "freeze an organisation: its members' calls answer 8091033"),
  'company:unfreeze': statusCommand('unfreeze', 'unfreeze a frozen organisation'),
  'company:close': statusCommand('close', 'close an organisation for good (answers 8091033; cannot be undone)'),
  ...USER_COMMANDS,
  ...ONBOARDING_COMMANDS,
  ...MERCHANT_COMMANDS,
  ...ORDER_COMMANDS,
  ...SETTLEMENT_COMMANDS,
  ...STATEMENT_COMMANDS,
  ...SPLIT_COMMANDS,
  ...OPERATOR_COMMANDS,
  ...CHANNEL_COMMANDS,
};

export function usage(): string {
  const rows = Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(26)}${c.help}`);
  return ['Usage: npm run ops -- <command> [arguments]', '', 'Commands:', ...rows].join('\n');
}

/** Run one operator command; answers the exit code. Output goes to `out`, refusals to `err`. */
export async function runOps(
  argv: string[],
  io: { out: (s: string) => void; err: (s: string) => void; config?: Config },
): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help') {
    io.out(usage());
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${usage()}`);
    return 1;
  }
  let config: Config;
  try {
    config = io.config ?? loadConfig();
  } catch (err) {
    // The server's own rules (issue 25): a wrong setting is told as such, as `npm start` tells it.
    if (!(err instanceof ConfigError)) throw err;
    io.err(err.message);
    return 2;
  }
  let database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    io.err(
      `Cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : `PGlite in ${config.dataDir}`}): ${(err as Error).message}\n` +
        'The embedded PGlite database can be open in one process at a time: stop the server first, or use PostgreSQL.',
    );
    return 2;
  }
  try {
    await database.migrate();
    io.out(await command.run(database.db, args));
    // A running server caches sessions and roles for a few seconds: tell it something may have changed.
    await database.notify(ACCESS_CHANNEL);
    return 0;
  } catch (err) {
    if (err instanceof OpsError) {
      io.err(err.message);
      return 1;
    }
    io.err(`Failed: ${(err as Error).message}`);
    return 2;
  } finally {
    await database.close();
  }
}
