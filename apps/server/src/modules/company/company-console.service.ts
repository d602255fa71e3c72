import { and, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { ID_MAX, type CompanyStatus } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { beforeIdOf, containsPattern, pageOf } from '../../keyset.ts';
import { countMembersByCompany } from '../staff/index.ts';
import { COMPANY } from './company.messages.ts';
import { companies } from './company.tables.ts';

// The operator console's view of organisations (issue 28): every organisation, not a member's own.

type CompanyRow = typeof companies.$inferSelect;

const item = (c: CompanyRow, members: Map<number, number>) => ({
  companyId: c.id,
  name: c.name,
  creditCode: c.creditCode,
  status: c.status as CompanyStatus,
  memberCount: members.get(c.id) ?? 0,
  createdAt: c.createdAt.toISOString(),
});

/** Digits that can name an organisation: its ids are 32-bit (ID_MAX), and a larger number would fail the query. */
const isCompanyId = (q: string) => /^\d{1,10}$/.test(q) && Number(q) <= ID_MAX;

/** Organisations, newest first: search by name or credit code (contains) or id, and status. */
export async function searchCompanies(
  db: Tx,
  f: { q?: string | undefined; status?: CompanyStatus[] | undefined; cursor?: string | undefined; limit: number },
) {
  const beforeId = beforeIdOf(f.cursor);
  const conditions: (SQL | undefined)[] = [
    beforeId === undefined ? undefined : lt(companies.id, beforeId),
    f.status?.length ? inArray(companies.status, f.status) : undefined,
    f.q
      ? or(
          ilike(companies.name, containsPattern(f.q)),
          ilike(companies.creditCode, containsPattern(f.q)),
          isCompanyId(f.q) ? eq(companies.id, Number(f.q)) : undefined,
        )
      : undefined,
  ];
  const rows = await db
    .select()
    .from(companies)
    .where(and(...conditions))
    .orderBy(desc(companies.id))
    .limit(f.limit + 1);
  const members = await countMembersByCompany(
    db,
    rows.map((r) => r.id),
  );
  return pageOf(rows, f.limit, (c) => item(c, members));
}

/** One organisation for the console: its contact and the reason of its last freeze or close. */
export async function companyForOps(db: Tx, companyId: number) {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!c) throw notFound(COMPANY.noSuchCompany(companyId));
  const members = await countMembersByCompany(db, [c.id]);
  return {
    ...item(c, members),
    contactName: c.contactName,
    contactMobile: c.contactMobile,
    statusReason: c.status === 'ACTIVE' ? null : c.statusReason,
  };
}

/** Names and statuses of organisations by id (the console's lists name the organisation of each row). */
export async function companiesByIds(db: Tx, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, { name: string; status: CompanyStatus }>();
  const rows = await db
    .select({ id: companies.id, name: companies.name, status: companies.status })
    .from(companies)
    .where(inArray(companies.id, unique));
  return new Map(rows.map((r) => [r.id, { name: r.name, status: r.status as CompanyStatus }]));
}

/** Organisations by status (the console's overview). */
export async function companiesByStatus(db: Tx): Promise<Record<CompanyStatus, number>> {
  const rows = await db
    .select({ status: companies.status, n: sql<number>`count(*)::int` })
    .from(companies)
    .groupBy(companies.status);
  const counts: Record<CompanyStatus, number> = { ACTIVE: 0, FROZEN: 0, CLOSED: 0 };
  for (const r of rows) counts[r.status as CompanyStatus] = r.n;
  return counts;
}
