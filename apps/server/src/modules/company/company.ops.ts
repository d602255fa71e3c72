import { asc, eq } from 'drizzle-orm';
import { COMPANY_STATUSES, type CompanyStatus } from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { OpsError } from '../../ops-error.ts';
import { recordAudit } from '../audit/index.ts';
import { countMembersByCompany } from '../staff/index.ts';
import { COMPANY } from './company.messages.ts';
import { companies } from './company.tables.ts';

// The operator's company commands (npm run ops -- company:*): services like any other, called with a system actor.

export interface CompanyOpsRow {
  id: number;
  name: string;
  creditCode: string;
  status: CompanyStatus;
  opened: boolean;
  members: number;
  createdAt: string;
}

export async function listCompaniesForOps(db: Db): Promise<CompanyOpsRow[]> {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      creditCode: companies.creditCode,
      status: companies.status,
      openedAt: companies.openedAt,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .orderBy(asc(companies.id));
  const members = await countMembersByCompany(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    creditCode: r.creditCode,
    status: r.status as CompanyStatus,
    opened: r.openedAt !== null,
    members: members.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Which states each operator action may start from. Closing is final. */
const TRANSITIONS = {
  freeze: { from: ['ACTIVE'], to: 'FROZEN' },
  unfreeze: { from: ['FROZEN'], to: 'ACTIVE' },
  close: { from: ['ACTIVE', 'FROZEN'], to: 'CLOSED' },
} as const satisfies Record<string, { from: readonly CompanyStatus[]; to: CompanyStatus }>;
export type CompanyAction = keyof typeof TRANSITIONS;

export function parseCompanyId(value: string | undefined): number {
  if (value === undefined) throw new OpsError('Missing the organisation id. See `company:list` for the ids.');
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new OpsError(`"${value}" is not an organisation id (a positive number).`);
  return Number(value);
}

/**
 * Freeze, unfreeze or close an organisation, with the operator's reason (told to its members when refused). Its
 * members' calls answer 8091033 from the next request on: the access check reads the status every time. Recorded
 * in the audit log without a user (the operator). Run it in the caller's transaction.
 */
export async function changeCompanyStatus(
  db: Tx,
  actor: Actor,
  companyId: number,
  action: CompanyAction,
  reason: string | null = null,
): Promise<CompanyStatus> {
  const { from, to } = TRANSITIONS[action];
  const [company] = await db
    .select({ status: companies.status, name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!company) throw notFound(COMPANY.noSuchCompany(companyId));
  const status = company.status as CompanyStatus;
  if (!(from as readonly CompanyStatus[]).includes(status))
    throw conflict(COMPANY.wrongStatus(companyId, action, status, from));
  await db
    .update(companies)
    .set({ status: to, statusReason: to === 'ACTIVE' ? null : reason, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
  await recordAudit(db, actor, {
    action: `ops.company.${action}`,
    companyId,
    targetType: 'company',
    targetId: companyId,
    detail: { from: status, to, companyName: company.name, reason },
  });
  return to;
}

export const isCompanyStatus = (s: string): s is CompanyStatus => (COMPANY_STATUSES as readonly string[]).includes(s);
