import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { MERCHANTS, mswServer, ok, refuse, withClient } from '@/components/reconciliation/testing';
import { setItem } from '@/lib/storage';
import { TransferModal } from './transfer-modal';
import { payeeRow, RULES, transferRow } from '../testing';

const LONG = { timeout: 8000 };
const server = mswServer();

function serve(create: () => Response | Promise<Response>) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    mock.get('*/api/merchant/transfer/rules', () => ok(RULES)),
    mock.get('*/api/merchant/balance', () =>
      ok({ mchNo: 'M100000001', pendingFen: 0, availableFen: 80_000, inTransitFen: 0 }),
    ),
    mock.post('*/api/merchant/transfer/account/list', () =>
      ok({
        rows: [payeeRow(1), payeeRow(2, { name: '李强', accountNoMasked: '****1234' })],
        nextCursor: null,
        hasMore: false,
      }),
    ),
    mock.post('*/api/merchant/transfer/create', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return create();
    }),
    mock.post('*/api/merchant/transfer/list', () => ok({ rows: [], nextCursor: null, hasMore: false })),
    mock.post('*/api/merchant/funds/sms/send', () => ok({ mobileMasked: '138****8000', resendAfterSeconds: 60 })),
  );
  return sent;
}
function open() {
  setItem('mchList', MERCHANTS);
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const { wrapper: Wrapper } = withClient();
  render(
    <Wrapper>
      <TransferModal mchNo="M100000001" onClose={onClose} onCreated={onCreated} />
    </Wrapper>,
  );
  return { onClose, onCreated };
}
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const errorBeside = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
async function choosePayee(name: string) {
  fireEvent.mouseDown(screen.getByTestId('transfer-payee').querySelector('input')!);
  fireEvent.click(await screen.findByText(new RegExp(`^${name} ·`), {}, LONG));
}

describe('the transfer dialog', () => {
  it('says the limits and the available balance, refuses more than available, asks for the code only above the threshold', async () => {
    const sent = serve(() => ok(transferRow('T20260501100000000001', { status: 'PROCESSING' })));
    open();
    await waitFor(() => expect(screen.getByTestId('transfer-available')).toHaveTextContent('可用余额 ¥800.00'), LONG);
    expect(screen.getByTestId('transfer-limits')).toHaveTextContent(
      '每个商户每天最多转出 ¥50,000.00；超过 ¥500.00 需要短信验证码',
    );
    await choosePayee('王芳');
    type('transfer-amount', '800.01');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(errorBeside('transfer-amount')).toBe('不能超过可用余额 ¥800.00'), LONG);
    expect(screen.getByTestId('transfer-sms-to')).toHaveTextContent('138****8000');
    type('transfer-amount', '500');
    await waitFor(() => expect(screen.queryByTestId('transfer-sms')).toBeNull(), LONG);
    type('transfer-amount', '500.01');
    await waitFor(() => expect(screen.getByTestId('transfer-sms')).toBeInTheDocument(), LONG);
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
  }, 20_000);

  it('a retry sends the same idempotency key; refusals go beside the field they name', async () => {
    let answers: (() => Response)[] = [
      () => new HttpResponse(null, { status: 502 }),
      () => refuse(400, 'smsCode: is wrong or expired'),
      () => ok(transferRow('T20260501100000000001', { status: 'PROCESSING', amountFen: 60_000 })),
    ];
    const sent = serve(() => {
      const [next, ...rest] = answers;
      answers = rest;
      return next!();
    });
    const { onClose, onCreated } = open();
    await choosePayee('李强');
    type('transfer-amount', '600');
    type('transfer-remark', ' 房租 ');
    await waitFor(() => expect(screen.getByTestId('transfer-sms')).toBeInTheDocument(), LONG);
    type('transfer-sms', '111111');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(sent).toHaveLength(1), LONG);
    await waitFor(() => expect(screen.getByTestId('transfer-submit')).not.toHaveClass('ant-btn-loading'), LONG);
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(errorBeside('transfer-sms')).toBe('is wrong or expired'), LONG);
    type('transfer-sms', '222222');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), LONG);
    expect(onCreated).toHaveBeenCalledWith('M100000001');
    expect(sent[0]).toEqual({
      mchNo: 'M100000001',
      accountId: 2,
      amountFen: 60_000,
      remark: '房租',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      smsCode: '111111',
    });
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[2]).toEqual({ ...sent[0], smsCode: '222222' });
  }, 20_000);
});
