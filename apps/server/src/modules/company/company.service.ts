import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { addMember, createBuiltInRoles } from '../staff/index.ts';
import { findUser } from '../user/index.ts';
import { companies } from './company.tables.ts';

export type CompanyRow = typeof companies.$inferSelect;

export async function findCompany(db: Tx, companyId: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ?? null;
}

export async function findCompanies(db: Tx, companyIds: readonly number[]): Promise<Map<number, CompanyRow>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(companies)
    .where(inArray(companies.id, [...new Set(companyIds)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function creditCodeTaken(db: Tx, creditCode: string): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.creditCode, creditCode))
    .limit(1);
  return rows.length > 0;
}

export interface NewCompany {
  companyName: string;
  creditCode: string;
  contactName: string;
  contactMobile: string;
}

/** Create a company with its built-in roles; the creator becomes its owner. Run inside a transaction. */
export async function createCompany(tx: Tx, creatorId: number, input: NewCompany): Promise<number> {
  const [company] = await tx
    .insert(companies)
    .values({
      name: input.companyName,
      creditCode: input.creditCode,
      contactName: input.contactName,
      contactMobile: input.contactMobile,
      createdBy: creatorId,
    })
    .returning({ id: companies.id });
  const roleIds = await createBuiltInRoles(tx, company!.id);
  const creator = await findUser(tx, creatorId);
  await addMember(tx, {
    companyId: company!.id,
    userId: creatorId,
    mobile: creator!.mobile,
    name: creator!.name,
    roleId: roleIds.OWNER,
  });
  return company!.id;
}

/** Demo data: a company that has opened the service and bound its contact mobile. */
export async function markCompanyReady(tx: Tx, companyId: number) {
  const now = new Date();
  await tx.update(companies).set({ openedAt: now, mobileBoundAt: now }).where(eq(companies.id, companyId));
}
