import type { ApplyStatus, ApplicationDraft, ApplicationEvent, InviteStatus } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { newApplyNo, type ApplicationActor } from './application-steps.service.ts';
import { newInviteNo } from './invitation.service.ts';
import { applicationEvents, applications, invitations } from './onboarding.tables.ts';

// Applications and invitations made elsewhere, with their timeline in the past (the sandbox's demo data: as if
// people had worked through them). The other services stamp everything "now".

export interface ImportedApplication {
  companyId: number;
  /** Drawn from the first event's time when absent. */
  applyNo?: string;
  inviteNo?: string | null;
  createdBy: number | null;
  draft: ApplicationDraft;
  status: ApplyStatus;
  rejectReason?: string;
  mchNo?: string;
  /** Oldest first; the first is CREATED. The last gives `updatedAt`, the last (RE)SUBMITTED `submittedAt`. */
  events: { event: ApplicationEvent; actor: ApplicationActor; userId?: number | null; reason?: string; at: Date }[];
}

export async function importApplication(tx: Tx, input: ImportedApplication): Promise<string> {
  const first = input.events[0]!;
  const submitted = input.events.filter((e) => e.event === 'SUBMITTED' || e.event === 'RESUBMITTED').at(-1);
  const [row] = await tx
    .insert(applications)
    .values({
      applyNo: input.applyNo ?? newApplyNo(first.at),
      companyId: input.companyId,
      status: input.status,
      source: input.inviteNo ? 'INVITE' : 'PORTAL',
      inviteNo: input.inviteNo ?? null,
      draft: input.draft,
      subjectType: input.draft.subject?.type ?? null,
      subjectName: input.draft.subject?.name ?? null,
      subjectShortName: input.draft.subject?.shortName ?? null,
      rejectReason: input.rejectReason ?? null,
      mchNo: input.mchNo ?? null,
      createdBy: input.createdBy,
      createdAt: first.at,
      updatedAt: input.events.at(-1)!.at,
      submittedAt: submitted?.at ?? null,
    })
    .returning({ id: applications.id, applyNo: applications.applyNo });
  await tx.insert(applicationEvents).values(
    input.events.map((e) => ({
      applicationId: row!.id,
      event: e.event,
      actorKind: e.actor,
      userId: e.userId ?? null,
      reason: e.reason ?? null,
      at: e.at,
    })),
  );
  return row!.applyNo;
}

export interface ImportedInvitation {
  companyId: number;
  createdBy: number;
  createdAt: Date;
  expiresAt: Date;
  /** EXPIRED is an ACTIVE one whose expiresAt has passed. */
  status: Exclude<InviteStatus, 'EXPIRED'>;
  remark?: string;
  applyNo?: string;
  usedAt?: Date;
}

/** An invitation with its history; answers its number (for the application it reached). */
export async function importInvitation(tx: Tx, input: ImportedInvitation): Promise<string> {
  const inviteNo = newInviteNo();
  await tx.insert(invitations).values({
    inviteNo,
    companyId: input.companyId,
    status: input.status,
    expiresAt: input.expiresAt,
    remark: input.remark ?? null,
    createdBy: input.createdBy,
    createdAt: input.createdAt,
    usedAt: input.usedAt ?? null,
    applyNo: input.applyNo ?? null,
  });
  return inviteNo;
}
