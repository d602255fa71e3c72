import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http as mock } from 'msw';
import type { z } from 'zod';
import type { splitReview } from '@mchweb/contract/ops/schemas';
import { mswServer, ok, toasts } from '@/components/reconciliation/testing';
import { openOpsPage, REVIEWER } from '../../testing';
import SplitReviewPage from './split-review.page';

const LONG = { timeout: 15_000 };
const server = mswServer();
const applyNo = 'D20260501090000000001';
const REVIEWS_SPLITS = { ...REVIEWER, permissions: ['ops:split:view', 'ops:split:review'] };

const review = (patch: Partial<z.infer<typeof splitReview>> = {}): z.infer<typeof splitReview> => ({
  applyNo,
  status: 'SUBMITTED',
  companyId: 3,
  companyName: '晨光餐饮有限公司',
  mchNo: 'M100000001',
  mchName: '晨光咖啡',
  totalRatio: 20,
  receivers: [
    { type: 'EXTERNAL', mchNo: null, name: '王供应', accountNoMasked: '****1234', bankName: '招商银行', ratio: 20 },
  ],
  remark: '供应商分成',
  createdAt: '2026-05-01T09:00:00+08:00',
  ageSeconds: 2 * 3600,
  assignee: null,
  rejectReason: null,
  effectiveFrom: null,
  decidedAt: null,
  history: [
    {
      id: 1,
      at: '2026-05-01T09:00:00+08:00',
      operatorId: null,
      operatorName: null,
      action: 'split.apply',
      targetType: 'split',
      targetId: applyNo,
      before: null,
      after: null,
      reason: null,
      ip: null,
    },
  ],
  ...patch,
});

describe('/ops/split/:applyNo', () => {
  it('asks the reviewer to take the request first, then approves it', async () => {
    let current = review();
    const approved: unknown[] = [];
    server.use(
      mock.get('*/api/ops/split/detail', () => ok(current)),
      mock.post('*/api/ops/split/assign', () => {
        current = { ...current, assignee: { operatorId: Number(REVIEWER.operatorNo), name: REVIEWER.name } };
        return ok(current);
      }),
      mock.post('*/api/ops/split/approve', async ({ request }) => {
        approved.push(await request.json());
        current = { ...current, status: 'APPROVED', effectiveFrom: '2026-05-02' };
        return ok({ applyNo, status: 'APPROVED' });
      }),
    );
    openOpsPage([{ path: '/split/:applyNo', Component: SplitReviewPage }], `/split/${applyNo}`, REVIEWS_SPLITS);
    expect(await screen.findByText('审核前请先领取该申请。', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('商户提交申请')).toBeInTheDocument(); // the audit log's split.apply, in words
    expect(screen.queryByRole('button', { name: /通\s?过/ })).toBeNull();

    fireEvent.click(screen.getByTestId('queue-take'));
    const approve = await screen.findByRole('button', { name: /通\s?过/ }, LONG);
    fireEvent.click(approve);
    await waitFor(() => expect(toasts()).toContain('已通过，下一个结算日起生效'), LONG);
    expect(approved).toEqual([{ applyNo }]);
    expect(await screen.findByText('该申请已通过。', {}, LONG)).toBeInTheDocument();
  }, 60_000);
});
