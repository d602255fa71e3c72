import { APPLY_NO_RE, APPLY_STATUSES, type ApplyStatus } from '@mchweb/contract';
import { systemActor } from '../actor.ts';
import type { Db } from '../db/client.ts';
import { BizError } from '../errors.ts';
import { listApplicationsForOps, reviewApplication, type Decision } from '../modules/onboarding/index.ts';
import { OpsError } from '../ops-error.ts';
import { parseOptions, type Command } from './command.ts';
import { formatTable } from './format-table.ts';

// The platform's review of onboarding applications (npm run ops -- inco:*): the services the sandbox's reviewer
// calls too, as the operator (`ops` in the audit log, OPERATOR on the timeline).

const OPERATOR = systemActor('ops');

function parseApplyNo(value: string | undefined): string {
  if (value === undefined) throw new OpsError('Missing the application number. See `inco:list` for them.');
  if (!APPLY_NO_RE.test(value)) throw new OpsError(`"${value}" is not an application number (A and 20 digits).`);
  return value;
}

async function review(db: Db, applyNo: string, decision: Decision): Promise<string> {
  try {
    const done = await reviewApplication(db, OPERATOR, applyNo, decision);
    return done.status === 'APPROVED'
      ? `Application ${applyNo} is APPROVED: merchant ${done.mchNo} created for organisation ${done.companyId}.`
      : `Application ${applyNo} is REJECTED; the organisation sees the reason and can correct and resubmit it.`;
  } catch (err) {
    // A refusal of the service (no such application, a state it cannot move from) is the operator's to read.
    if (err instanceof BizError) throw new OpsError(err.text['en-US']);
    throw err;
  }
}

export const ONBOARDING_COMMANDS: Record<string, Command> = {
  'inco:list': {
    usage: 'inco:list [--status S[,S]]',
    help: 'list onboarding applications of every organisation, newest first (default: all statuses)',
    async run(db, args) {
      const { options } = parseOptions(args, ['status']);
      const status = options.status?.split(',').map((s) => s.trim().toUpperCase());
      const unknown = status?.filter((s) => !(APPLY_STATUSES as readonly string[]).includes(s));
      if (unknown?.length) {
        throw new OpsError(`Unknown status ${unknown.join(', ')}; one of ${APPLY_STATUSES.join(', ')}.`);
      }
      return formatTable(await listApplicationsForOps(db, { status: status as ApplyStatus[] | undefined }));
    },
  },
  'inco:approve': {
    usage: 'inco:approve <applyNo>',
    help: 'approve a SUBMITTED or AUDITING application: creates its merchant',
    run: async (db, args) => review(db, parseApplyNo(parseOptions(args, []).positional[0]), { approve: true }),
  },
  'inco:reject': {
    usage: 'inco:reject <applyNo> --reason "..."',
    help: 'reject a SUBMITTED or AUDITING application with a reason the organisation reads',
    async run(db, args) {
      const { positional, options } = parseOptions(args, ['reason']);
      const applyNo = parseApplyNo(positional[0]);
      const reason = options.reason?.trim();
      if (!reason)
        throw new OpsError('A rejection needs --reason "...": the organisation reads it to correct the application.');
      if (reason.length > 200) throw new OpsError('--reason must be at most 200 characters.');
      return review(db, applyNo, { approve: false, reason });
    },
  },
};
