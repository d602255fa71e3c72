import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mock } from 'msw';
import type { OnboardingQueueItem } from '@mchweb/contract/ops/schemas';
import { mswServer, ok, refuse, toasts } from '@/components/reconciliation/testing';
import { openOpsPage, REVIEWER } from '../../testing';
import OnboardingQueuePage from './onboarding-queue.page';

const LONG = { timeout: 15_000 };
const server = mswServer();

const item = (applyNo: string, patch: Partial<OnboardingQueueItem> = {}): OnboardingQueueItem => ({
  applyNo,
  status: 'SUBMITTED',
  companyId: 3,
  companyName: '晨光餐饮有限公司',
  type: 'ENTERPRISE',
  name: '晨光咖啡有限公司',
  shortName: '晨光咖啡',
  source: 'INVITE',
  submittedAt: '2026-05-01T09:00:00+08:00',
  ageSeconds: 26 * 3600 + 5 * 60,
  submissions: 1,
  assignee: null,
  rejectReason: null,
  mchNo: null,
  ...patch,
});

const open = (search: string) =>
  openOpsPage([{ path: '/onboarding', Component: OnboardingQueuePage }], `/onboarding${search}`);

describe('/ops/onboarding', () => {
  it('sends the filters of the address, shows each wait and resubmission, and takes an application for the reviewer', async () => {
    const sent: unknown[] = [];
    const assigned: unknown[] = [];
    let first = item('A20260501090000000001');
    const second = item('A20260501090000000002', { ageSeconds: 3 * 3600, submissions: 2, shortName: '二店' });
    server.use(
      mock.post('*/api/ops/onboarding/queue', async ({ request }) => {
        sent.push(await request.json());
        return ok({ rows: [first, second], nextCursor: null, hasMore: false });
      }),
      mock.post('*/api/ops/onboarding/assign', async ({ request }) => {
        const body = (await request.json()) as { applyNo: string; to: string };
        assigned.push(body);
        first = { ...first, assignee: { operatorId: 7, name: REVIEWER.name } };
        return ok(first);
      }),
    );
    open('?status=SUBMITTED,BOGUS&assignee=nobody&minAge=24&q=%E6%99%A8%E5%85%89');
    // A row is a table row from 768 px, a card on a phone (jsdom's window): either way one <tr>.
    const rowOf = (applyNo: string) => screen.getByTestId(`queue-row-${applyNo}`).closest('tr')!;
    await screen.findByTestId(`queue-row-${first.applyNo}`, {}, LONG);
    expect(sent[0]).toEqual({ status: ['SUBMITTED'], assignee: 'nobody', minAgeHours: 24, q: '晨光', limit: 20 });
    expect(rowOf(first.applyNo)).toHaveTextContent('1 天 2 小时');
    expect(rowOf(first.applyNo)).toHaveTextContent('晨光餐饮有限公司');
    expect(rowOf(second.applyNo)).toHaveTextContent('3 小时 0 分');
    expect(rowOf(second.applyNo)).toHaveTextContent('第 2 次提交');

    fireEvent.click(within(rowOf(first.applyNo)).getByTestId('queue-take'));
    await waitFor(() => expect(toasts()).toContain('已领取'), LONG);
    expect(assigned).toEqual([{ applyNo: first.applyNo, to: 'me' }]);
    await waitFor(() => expect(within(rowOf(first.applyNo)).getByTestId('queue-release')).toBeInTheDocument(), LONG);
    expect(rowOf(first.applyNo)).toHaveTextContent(REVIEWER.name);
  }, 60_000);

  it('says when nothing waits, and shows a refusal with a retry', async () => {
    let fail = true;
    server.use(
      mock.post('*/api/ops/onboarding/queue', () =>
        fail ? refuse(403, '您没有权限：ops:onboarding:view') : ok({ rows: [], nextCursor: null, hasMore: false }),
      ),
    );
    open('');
    expect(await screen.findByText('您没有权限：ops:onboarding:view', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('进件队列加载失败')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByText('没有等待决定的申请', {}, LONG)).toBeInTheDocument();
  }, 60_000);
});
