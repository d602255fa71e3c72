import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mock } from 'msw';
import { mswServer, ok, openPage, toasts } from '@/components/reconciliation/testing';
import { splitRow } from '../testing';
import DivAccountPage from './div-account.page';

const LONG = { timeout: 8000 };
const server = mswServer();

describe('/div-account', () => {
  it('shows the filter from the address, the receivers with ratios, the effective day, the reason; opens the drawer', async () => {
    const sent: unknown[] = [];
    const approved = splitRow('D20260501100000000001', { status: 'APPROVED', effectiveFrom: '2026-05-02' });
    const rejected = splitRow('D20260501100000000002', { status: 'REJECTED', rejectReason: '外部收款方资料不全' });
    server.use(
      mock.post('*/api/merchant/div/list', async ({ request }) => {
        sent.push(await request.json());
        return ok({ rows: [approved, rejected], nextCursor: null, hasMore: false });
      }),
      mock.get('*/api/merchant/div/detail', () => ok(approved)),
    );
    const router = openPage(DivAccountPage, '/div-account', '?status=APPROVED,REJECTED,BOGUS&mch=M100000001,x', {
      buttons: [],
    });
    const row = await screen.findByTestId(`split-row-${approved.applyNo}`, {}, LONG);
    expect(sent).toEqual([{ statuses: ['APPROVED', 'REJECTED'], mchNos: ['M100000001'], limit: 20 }]);
    const tr = row.closest('tr')!;
    expect(within(tr).getByTestId(`split-receivers-${approved.applyNo}`)).toHaveTextContent(
      '晨光咖啡（二店）20%王芳 ****890310%',
    );
    expect(tr).toHaveTextContent('30%');
    expect(tr).toHaveTextContent('已通过');
    expect(screen.getByTestId(`split-effective-${approved.applyNo}`)).toHaveTextContent('2026-05-02');
    expect(screen.getByTestId(`split-reason-${rejected.applyNo}`)).toHaveTextContent('外部收款方资料不全');
    expect(screen.queryByTestId('split-apply')).toBeNull(); // no split:apply
    expect(screen.queryByTestId('split-waiting')).toBeNull(); // nothing under review: no polling
    fireEvent.click(screen.getByTestId(`split-open-${approved.applyNo}`));
    await waitFor(
      () => expect(screen.getByTestId('split-detail-approved')).toHaveTextContent('自 2026-05-02 起在结算时按比例分账'),
      LONG,
    );
    expect(router.state.location.search).toContain(`open=${approved.applyNo}`);
    expect(router.state.location.search).toContain('status=APPROVED');
  }, 20_000);

  it('split:apply cancels an application under review after a confirm', async () => {
    let row = splitRow('D20260501100000000003');
    const canceled: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/div/list', () => ok({ rows: [row], nextCursor: null, hasMore: false })),
      mock.post('*/api/merchant/div/cancel', async ({ request }) => {
        canceled.push(await request.json());
        row = { ...row, status: 'CANCELED' };
        return ok(row);
      }),
    );
    openPage(DivAccountPage, '/div-account', '', { buttons: ['split:apply'] });
    await screen.findByTestId('split-apply', {}, LONG);
    expect(await screen.findByTestId('split-waiting', {}, LONG)).toHaveTextContent('有申请正在审核');
    fireEvent.click(await screen.findByTestId(`split-cancel-${row.applyNo}`, {}, LONG));
    fireEvent.click(await screen.findByTestId('split-cancel-confirm', {}, LONG));
    await waitFor(() => expect(toasts()).toContain('已撤销分账申请'), LONG);
    expect(canceled).toEqual([{ applyNo: 'D20260501100000000003' }]);
    await waitFor(() => expect(screen.queryByTestId(`split-cancel-${row.applyNo}`)).toBeNull(), LONG);
    expect(screen.getByTestId(`split-row-${row.applyNo}`).closest('tr')).toHaveTextContent('已撤销');
  }, 20_000);
});
