import { describe, expect, it } from 'vitest';
import {
  inviteQrCodeQuery,
  invite,
  INVITE_NO_RE,
  inviteListBody,
  invitePath,
  inviteRevokeBody,
  publicApplicationSaveBody,
  publicApplicationSubmitBody,
  publicInvite,
} from './invitation.ts';
import {
  APPLY_STATUSES,
  APPLY_TRANSITIONS,
  canMoveApply,
  EDITABLE_APPLY_STATUSES,
  applicationCancelBody,
  applicationDetail,
  applicationListBody,
  applicationProgress,
  applicationSaveBody,
  applicationSubmitBody,
  onboardingUploadResult,
} from './schemas.ts';
import { APPLY_NO_RE, FILE_ID_RE } from './application.ts';

const APPLY_NO = 'A20260501093000123456';
const INVITE_NO = 'I0123456789abcdefghijABCD';
const AT = '2026-05-01T09:30:00+08:00';

describe('identifiers', () => {
  it('application numbers: A, a 14-digit time and 6 digits', () => {
    expect(APPLY_NO_RE.test(APPLY_NO)).toBe(true);
    for (const no of ['A2026050109300012345', 'A202605010930001234567', 'a20260501093000123456', 'M100000001']) {
      expect(APPLY_NO_RE.test(no)).toBe(false);
    }
    expect(applicationSubmitBody.safeParse({ applyNo: 'x' }).error?.issues[0]?.message).toBe(
      'must be an application number like A20260501093000123456',
    );
  });
  it('invitation numbers and file ids: a letter and 24 base62 characters', () => {
    expect(INVITE_NO_RE.test(INVITE_NO)).toBe(true);
    expect(FILE_ID_RE.test(`F${'a'.repeat(24)}`)).toBe(true);
    for (const no of ['I0123456789abcdefghijABC', 'I0123456789abcdefghijABCDE', 'I0123456789abcdefghij-BCD']) {
      expect(INVITE_NO_RE.test(no)).toBe(false);
    }
    expect(invitePath(INVITE_NO)).toBe(`/mchweb/inco/${INVITE_NO}`);
  });
});

describe('application states', () => {
  it('move as PRODUCT.md draws them', () => {
    expect(canMoveApply('DRAFT', 'SUBMITTED')).toBe(true);
    expect(canMoveApply('REJECTED', 'SUBMITTED')).toBe(true);
    expect(canMoveApply('AUDITING', 'APPROVED')).toBe(true);
    expect(canMoveApply('DRAFT', 'APPROVED')).toBe(false);
    expect(canMoveApply('AUDITING', 'CANCELED')).toBe(false);
    for (const from of ['APPROVED', 'CANCELED'] as const) {
      for (const to of APPLY_STATUSES) expect(canMoveApply(from, to)).toBe(false);
    }
    expect(Object.keys(APPLY_TRANSITIONS).sort()).toEqual([...APPLY_STATUSES].sort());
    expect(EDITABLE_APPLY_STATUSES).toEqual(['DRAFT', 'REJECTED']);
  });
});

describe('onboarding calls', () => {
  it('save a draft with or without an application number', () => {
    expect(applicationSaveBody.parse({})).toEqual({});
    const body = { applyNo: APPLY_NO, subject: { type: 'SMALL_MICRO', name: '张三水果店' } };
    expect(applicationSaveBody.parse(body)).toEqual(body);
    expect(applicationSaveBody.safeParse({ idempotencyKey: 'k1' }).success).toBe(false);
    expect(applicationSaveBody.safeParse({ idempotencyKey: 'b3c1f0e2-6d0c-4d4b-9a57-2e7f0c3b9f11' }).success).toBe(
      true,
    );
    expect(applicationSaveBody.safeParse({ mchNo: 'M100000001' }).success).toBe(false);
  });
  it('cancel with an optional reason', () => {
    expect(applicationCancelBody.safeParse({ applyNo: APPLY_NO }).success).toBe(true);
    expect(applicationCancelBody.safeParse({ applyNo: APPLY_NO, reason: 'x'.repeat(201) }).success).toBe(false);
  });
  it('list by statuses, name and creation time', () => {
    const body = { status: ['REJECTED', 'DRAFT'], name: '水果', createdFrom: '2026-04-24', createdTo: AT };
    expect(applicationListBody.parse(body)).toEqual({ ...body, limit: 20 });
    expect(applicationListBody.safeParse({ createdFrom: '2026-04-31' }).error?.issues[0]?.message).toBe(
      'must be a date as YYYY-MM-DD or a time as ISO 8601 with offset',
    );
    expect(applicationListBody.safeParse({ status: ['PENDING'] }).success).toBe(false);
    expect(applicationListBody.safeParse({ limit: 101 }).success).toBe(false);
  });
  it('answer a detail with the application as saved, and a timeline', () => {
    const detail = {
      applyNo: APPLY_NO,
      status: 'REJECTED',
      type: 'SMALL_MICRO',
      name: '张三水果店',
      shortName: null,
      source: 'INVITE',
      inviteNo: INVITE_NO,
      createdBy: null,
      createdAt: AT,
      updatedAt: AT,
      submittedAt: AT,
      rejectReason: '门头照片不清晰',
      mchNo: null,
      application: { subject: { type: 'SMALL_MICRO', name: '张三水果店' } },
    };
    expect(applicationDetail.parse(detail)).toEqual(detail);
    const progress = {
      applyNo: APPLY_NO,
      status: 'REJECTED',
      name: '张三水果店',
      mchNo: null,
      events: [
        { event: 'CREATED', at: AT, actor: 'INVITEE', by: null, reason: null },
        { event: 'REJECTED', at: AT, actor: 'OPERATOR', by: null, reason: '门头照片不清晰' },
      ],
    };
    expect(applicationProgress.parse(progress)).toEqual(progress);
  });
  it('answer an upload with its id, address, name, size and type', () => {
    const result = {
      fileId: `F${'a'.repeat(24)}`,
      url: '/api/merchant/inco/file/x',
      name: 'a.png',
      size: 1,
      contentType: 'image/png',
    };
    expect(onboardingUploadResult.parse(result)).toEqual(result);
    expect(onboardingUploadResult.safeParse({ ...result, contentType: 'image/gif' }).success).toBe(false);
  });
});

describe('invitations', () => {
  it('are made for 7 days unless told 1 to 30, from query strings', () => {
    expect(inviteQrCodeQuery.parse({})).toEqual({ expiresInDays: 7 });
    expect(inviteQrCodeQuery.parse({ expiresInDays: '30', remark: ' 王老板 ' })).toEqual({
      expiresInDays: 30,
      remark: '王老板',
    });
    for (const days of ['0', '31', '1.5', 'x'])
      expect(inviteQrCodeQuery.safeParse({ expiresInDays: days }).success).toBe(false);
  });
  it('are listed by status and revoked by number', () => {
    expect(inviteListBody.parse({ status: ['ACTIVE', 'EXPIRED'] })).toEqual({
      status: ['ACTIVE', 'EXPIRED'],
      limit: 20,
    });
    expect(inviteRevokeBody.safeParse({ inviteNo: INVITE_NO }).success).toBe(true);
    expect(inviteRevokeBody.safeParse({ inviteNo: 'I1' }).error?.issues[0]?.message).toBe(
      'must be an invitation number from an invitation link',
    );
    const row = {
      inviteNo: INVITE_NO,
      url: `https://pay.example.com${invitePath(INVITE_NO)}`,
      expiresAt: AT,
      status: 'USED',
      remark: null,
      createdAt: AT,
      createdBy: '13800138000',
      usedAt: AT,
      applyNo: APPLY_NO,
      merchantName: '张三水果店',
      applyStatus: 'SUBMITTED',
    };
    expect(invite.parse(row)).toEqual(row);
  });
  it('carry the same draft on the public page, keyed by the invitation', () => {
    const body = { inviteNo: INVITE_NO, subject: { type: 'SMALL_MICRO' } };
    expect(publicApplicationSaveBody.parse(body)).toEqual(body);
    expect(publicApplicationSaveBody.safeParse({ ...body, applyNo: APPLY_NO }).success).toBe(false);
    expect(publicApplicationSaveBody.safeParse({ subject: {} }).success).toBe(false);
    expect(publicApplicationSubmitBody.safeParse({ inviteNo: INVITE_NO }).success).toBe(true);
    const view = {
      inviteNo: INVITE_NO,
      companyName: '示例科技',
      status: 'ACTIVE',
      expiresAt: AT,
      applyNo: null,
      applyStatus: null,
      application: null,
    };
    expect(publicInvite.parse(view)).toEqual(view);
  });
});
