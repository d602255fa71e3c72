import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { http as mock } from 'msw';
import { mswServer, ok, settlementRow } from '@/components/reconciliation/testing';
import type { OpsOperatorInfo } from '../../session';
import { openOpsPage } from '../../testing';
import SettlementRunsPage from './settlements.page';

const LONG = { timeout: 15_000 };
const server = mswServer();
const FINANCE: OpsOperatorInfo = {
  operatorNo: '9',
  name: '周财务',
  account: 'zhou.finance',
  roles: ['FINANCE'],
  permissions: ['ops:money:view'],
};

describe('/ops/settlements on a phone', () => {
  it("shows a card per day (no table header, nothing scrolled sideways), and a day's card opens its settlements", async () => {
    const asked: unknown[] = [];
    server.use(
      mock.post('*/api/ops/settlement/runs', () =>
        ok([
          { day: '2026-05-02', finishedAt: null, settled: 0, failed: 0, retried: 0, pending: 2 },
          { day: '2026-05-01', finishedAt: '2026-05-02T02:00:05+08:00', settled: 3, failed: 1, retried: 1, pending: 0 },
        ]),
      ),
      mock.post('*/api/ops/settlement/list', async ({ request }) => {
        asked.push(await request.json());
        const row = settlementRow('S1', { status: 'FAILED', failReason: '余额不足' });
        return ok({ rows: [{ ...row, companyId: 3, companyName: '晨光餐饮' }], nextCursor: null, hasMore: false });
      }),
    );
    openOpsPage([{ path: '/settlements', Component: SettlementRunsPage }], '/settlements', FINANCE);
    const runs = await screen.findByTestId('settlement-runs', {}, LONG);
    const day = await within(runs).findByRole('button', { name: '2026-05-01' }, LONG);
    // jsdom's window is narrower than 768 px: one card column, its header hidden.
    expect(within(runs).queryAllByRole('columnheader')).toHaveLength(0);
    const card = day.closest('tr')!;
    expect(card).toHaveTextContent('已结算 3');
    expect(card).toHaveTextContent('失败 1');
    expect(card).toHaveTextContent('重试后成功 1');
    expect(within(runs).getByRole('button', { name: '2026-05-02' }).closest('tr')).toHaveTextContent('未运行');

    fireEvent.click(day);
    expect(await screen.findByText('2026-05-01 的结算明细', {}, LONG)).toBeInTheDocument();
    expect(await screen.findByText('余额不足', {}, LONG)).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ day: '2026-05-01' });
  }, 60_000);
});
