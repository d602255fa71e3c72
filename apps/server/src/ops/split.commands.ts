import { systemActor } from '../actor.ts';
import { loadConfig } from '../config.ts';
import { BizError } from '../errors.ts';
import { listSplitsForOps, reviewSplit } from '../modules/split/index.ts';
import { OpsError } from '../ops-error.ts';
import { parseOptions, type Command } from './command.ts';
import { formatTable } from './format-table.ts';

const OPERATOR = systemActor('ops');

async function decide(
  db: Parameters<Command['run']>[0],
  applyNo: string | undefined,
  decision: Parameters<typeof reviewSplit>[3],
) {
  if (!applyNo || !/^D\d{20}$/.test(applyNo))
    throw new OpsError('Give the application number (D and 20 digits); see `div:list`.');
  try {
    const done = await reviewSplit(db, OPERATOR, applyNo, decision, loadConfig().timezone);
    return done.status === 'APPROVED'
      ? `Application ${applyNo} is APPROVED: it applies to settlements from ${done.effectiveFrom}.`
      : `Application ${applyNo} is REJECTED.`;
  } catch (err) {
    if (err instanceof BizError) throw new OpsError(err.text['en-US']);
    throw err;
  }
}

export const SPLIT_COMMANDS: Record<string, Command> = {
  'div:list': {
    usage: 'div:list',
    help: 'list profit-sharing applications of every organisation, newest first',
    run: async (db) => formatTable(await listSplitsForOps(db)),
  },
  'div:approve': {
    usage: 'div:approve <applyNo>',
    help: 'approve a SUBMITTED profit-sharing application (applies from the next business day)',
    run: async (db, args) => decide(db, parseOptions(args, []).positional[0], { approve: true }),
  },
  'div:reject': {
    usage: 'div:reject <applyNo> --reason "..."',
    help: 'reject a SUBMITTED profit-sharing application with a reason',
    async run(db, args) {
      const { positional, options } = parseOptions(args, ['reason']);
      const reason = options.reason?.trim();
      if (!reason) throw new OpsError('A rejection needs --reason "...".');
      return decide(db, positional[0], { approve: false, reason });
    },
  },
};
