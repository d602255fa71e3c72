import type { CompanyStatus } from '@mchweb/contract';
import type { Membership } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { listUserMemberships, loadMembership, type UserMembershipRow } from '../staff/index.ts';
import { findCompanies, findCompany } from './company.service.ts';

/**
 * A user's place in a company with the company's name and status: what the access check puts on the Actor.
 * The staff module knows memberships and roles, this module knows companies; this is where the two meet.
 */
export async function memberAccess(db: Tx, userId: number, companyId: number): Promise<Membership | null> {
  const membership = await loadMembership(db, userId, companyId);
  const company = membership && (await findCompany(db, companyId));
  if (!membership || !company) return null;
  return {
    ...membership,
    companyName: company.name,
    companyStatus: company.status as CompanyStatus,
    companyStatusReason: company.statusReason ?? null,
  };
}

export interface UserCompany extends UserMembershipRow {
  companyName: string;
  companyStatus: CompanyStatus;
}

/** Every company the user is a member of, oldest membership first. */
export async function userCompanies(db: Tx, userId: number): Promise<UserCompany[]> {
  const rows = await listUserMemberships(db, userId);
  const companies = await findCompanies(
    db,
    rows.map((r) => r.companyId),
  );
  return rows.flatMap((r) => {
    const c = companies.get(r.companyId);
    return c ? [{ ...r, companyName: c.name, companyStatus: c.status as CompanyStatus }] : [];
  });
}

/** A company the user may work in now: an active membership of an active company. */
export const isUsable = (m: UserCompany) => m.memberStatus === 'ACTIVE' && m.companyStatus === 'ACTIVE';

/** The company a new session starts in: the last one used if the user may still work there, else any. */
export async function startingCompany(db: Tx, userId: number, lastCompanyId: number | null): Promise<number | null> {
  const usable = (await userCompanies(db, userId)).filter(isUsable);
  if (lastCompanyId !== null && usable.some((r) => r.companyId === lastCompanyId)) return lastCompanyId;
  return usable[0]?.companyId ?? null;
}

/**
 * When the user can work in no company: the one to start in anyway so that the guard's company fetch says why
 * (8091012 disabled, 8091033 frozen; S4.4.2/S4.4.3) instead of offering to create a company. The last one used
 * first, else the oldest membership. Closed companies are gone for good and are not offered: such a user starts
 * without one and may create a new company.
 */
export async function blockedStartingCompany(
  db: Tx,
  userId: number,
  lastCompanyId: number | null,
): Promise<number | null> {
  const rows = (await userCompanies(db, userId)).filter(
    (r) => r.memberStatus !== 'INVITED' && r.companyStatus !== 'CLOSED',
  );
  if (lastCompanyId !== null && rows.some((r) => r.companyId === lastCompanyId)) return lastCompanyId;
  return rows[0]?.companyId ?? null;
}
