import type {
  CompanyInfo,
  CompanyListItem,
  CompanyStatus,
  InitCompletionStatus,
  StaffInvitation,
} from '@mchweb/contract';
import { memberBlock, requireMember, requireUser, type Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import type { WelcomeStep } from '../../module.ts';
import { recordAudit } from '../audit/index.ts';
import { clearCompanyFromSessions, setSessionCompany } from '../session/index.ts';
import {
  deleteMembership,
  findMemberByUser,
  lockCompanyStaff,
  otherActiveOwners,
  pendingInvitations,
} from '../staff/index.ts';
import { findUser } from '../user/index.ts';
import { isUsable, memberAccess, userCompanies } from './company-membership.ts';
import { COMPANY } from './company.messages.ts';
import { findCompanies, findCompany } from './company.service.ts';

const NO_COMPANY: Omit<CompanyInfo, 'hasOtherCompany'> = {
  companyId: null,
  companyName: null,
  creditCode: null,
  contactName: null,
  contactMobile: null,
  mobileBound: false,
  address: null,
  status: null,
  opened: false,
  role: null,
  createdAt: null,
};

/**
 * The guard's company info for one organisation of the user. Throws the company codes of the seed when the
 * user may not work there: 8091012 (membership disabled), 8091033 (organisation frozen or closed).
 */
export async function companyInfoFor(db: Tx, userId: number, companyId: number | null): Promise<CompanyInfo> {
  const memberships = await userCompanies(db, userId);
  const hasOtherCompany = memberships.some((m) => m.companyId !== companyId && isUsable(m));
  if (companyId === null) return { ...NO_COMPANY, hasOtherCompany };
  const member = await memberAccess(db, userId, companyId);
  const company = member ? await findCompany(db, companyId) : null;
  // Removed from the organisation since the session chose it: as if none were chosen.
  if (!member || !company) return { ...NO_COMPANY, hasOtherCompany };
  const block = memberBlock(member);
  if (block) throw block;
  return {
    companyId,
    companyName: company.name,
    hasOtherCompany,
    creditCode: company.creditCode,
    contactName: company.contactName,
    contactMobile: company.contactMobile,
    mobileBound: company.mobileBoundAt !== null,
    address: company.address,
    status: company.status as CompanyStatus,
    opened: company.openedAt !== null,
    role: member.roleCode ?? 'CUSTOM',
    createdAt: company.createdAt.toISOString(),
  };
}

export async function getCompany(db: Db, actor: Actor): Promise<CompanyInfo> {
  const session = requireUser(actor);
  return companyInfoFor(db, session.userId, session.companyId);
}

export async function listCompanies(db: Db, actor: Actor): Promise<CompanyListItem[]> {
  const session = requireUser(actor);
  const rows = await userCompanies(db, session.userId);
  return rows
    .filter((m) => m.memberStatus !== 'INVITED')
    .map((m) => ({
      companyId: m.companyId,
      companyName: m.companyName,
      role: m.roleCode ?? 'CUSTOM',
      roleName: m.roleName,
      status: m.companyStatus,
      memberStatus: m.memberStatus,
      current: m.companyId === session.companyId,
    }));
}

/**
 * The invitations waiting for the user's mobile (issue 14.2), with each organisation's name: the user accepts or
 * declines them (the staff module's acceptInvitation, declineInvitation). A closed organisation's are left out.
 */
export async function listInvitations(db: Db, actor: Actor): Promise<StaffInvitation[]> {
  const session = requireUser(actor);
  const user = await findUser(db, session.userId);
  if (!user) return [];
  const rows = await pendingInvitations(db, user.mobile);
  const companies = await findCompanies(
    db,
    rows.map((r) => r.companyId),
  );
  return rows.flatMap((r) => {
    const company = companies.get(r.companyId);
    if (!company || company.status === 'CLOSED') return [];
    return [
      {
        invitationId: r.invitationId,
        companyId: r.companyId,
        companyName: company.name,
        role: r.roleCode ?? 'CUSTOM',
        roleName: r.roleName,
        invitedAt: r.invitedAt.toISOString(),
      },
    ];
  });
}

/** Switch the session to another organisation of the user; refused with the company codes when blocked there. */
export async function changeCompany(db: Db, actor: Actor, companyId: number): Promise<CompanyInfo> {
  const session = requireUser(actor);
  const member = await memberAccess(db, session.userId, companyId);
  if (!member || member.memberStatus === 'INVITED') throw notFound(COMPANY.notFound);
  const block = memberBlock(member);
  if (block) throw block;
  await db.transaction(async (tx) => {
    await setSessionCompany(tx, session, companyId);
    await recordAudit(tx, actor, {
      action: 'session.changeCompany',
      companyId,
      targetType: 'company',
      targetId: companyId,
      detail: { from: session.companyId },
    });
  });
  return companyInfoFor(db, session.userId, companyId);
}

/** Leave an organisation. The last active owner cannot: the organisation would have nobody to run it. */
export async function breakBind(db: Db, actor: Actor, companyId: number) {
  const session = requireUser(actor);
  await db.transaction(async (tx) => {
    await lockCompanyStaff(tx, companyId);
    const member = await findMemberByUser(tx, companyId, session.userId);
    if (!member) throw notFound(COMPANY.notFound);
    if (member.roleCode === 'OWNER' && member.status === 'ACTIVE') {
      if ((await otherActiveOwners(tx, companyId, member.memberId)) === 0) {
        throw conflict(COMPANY.lastOwnerCannotLeave);
      }
    }
    await deleteMembership(tx, member.memberId);
    await clearCompanyFromSessions(tx, session.userId, companyId);
    await recordAudit(tx, actor, {
      action: 'company.leave',
      companyId,
      targetType: 'member',
      targetId: member.memberId,
      detail: { mobile: member.mobile },
    });
  });
}

/** The getting-started checklist of /welcome: every module's steps (module.ts), each with the page where it is done. */
export async function initCompletionStatus(
  db: Db,
  actor: Actor,
  welcomeSteps: readonly WelcomeStep[],
): Promise<InitCompletionStatus> {
  const { companyId } = requireMember(actor);
  const steps: InitCompletionStatus['steps'] = [];
  for (const step of welcomeSteps) steps.push({ key: step.key, done: await step.done(db, companyId), path: step.path });
  return { steps, doneCount: steps.filter((s) => s.done).length, total: steps.length };
}
