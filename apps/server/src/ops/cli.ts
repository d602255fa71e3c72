import { systemActor } from '../actor.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { changeCompanyStatus, listCompaniesForOps, parseCompanyId } from '../modules/company/index.ts';
import { countCompaniesByUser } from '../modules/staff/index.ts';
import { listUsers } from '../modules/user/index.ts';
import { OpsError } from '../ops-error.ts';

/** The operator, as the audit log records it. Every command calls the same services the API calls. */
export const OPERATOR = systemActor('ops');

/** Users with the number of companies each belongs to. */
export async function usersWithCompanies(db: Db) {
  const users = await listUsers(db);
  const counts = await countCompaniesByUser(
    db,
    users.map((u) => u.id),
  );
  return users.map((u) => ({
    id: u.id,
    mobile: u.mobile,
    username: u.username,
    name: u.name,
    organisations: counts.get(u.id) ?? 0,
    createdAt: u.createdAt.toISOString(),
  }));
}

/** A plain text table: one header line, a rule, then rows; columns padded to their widest cell. */
export function formatTable(items: readonly object[]): string {
  if (items.length === 0) return '(none)';
  const rows = items as Record<string, unknown>[];
  const headers = Object.keys(rows[0]!);
  const cells = rows.map((r) => headers.map((h) => (r[h] === null || r[h] === undefined ? '-' : String(r[h]))));
  // East Asian characters take two columns in a terminal.
  const width = (s: string) => [...s].reduce((n, ch) => n + (/[\u1100-\uffef]/.test(ch) ? 2 : 1), 0);
  const widths = headers.map((h, i) => Math.max(width(h), ...cells.map((c) => width(c[i]!))));
  const line = (values: string[]) =>
    values
      .map((v, i) => v + ' '.repeat(widths[i]! - width(v)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

interface Command {
  usage: string;
  help: string;
  run(db: Db, args: string[]): Promise<string>;
}

const statusCommand = (action: 'freeze' | 'unfreeze' | 'close', help: string): Command => ({
  usage: `company:${action} <id>`,
  help,
  async run(db, args) {
    const id = parseCompanyId(args[0]);
    const status = await changeCompanyStatus(db, OPERATOR, id, action);
    return `Organisation ${id} is now ${status}.`;
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
  'user:list': {
    usage: 'user:list',
    help: 'list users with the number of organisations they belong to',
    run: async (db) => formatTable(await usersWithCompanies(db)),
  },
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
  const config = io.config ?? loadConfig();
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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
