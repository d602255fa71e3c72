import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http as mock, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { message, Modal } from 'antd';
import { changeLanguage } from '@/i18n';
import { StatusChangeModal } from './status-change-modal';

const ok = (data: unknown) => HttpResponse.json({ status: 200, code: 200, msg: 'ok', message: 'ok', data });
const refuse = (code: number, msg: string) => HttpResponse.json({ status: 200, code, msg, message: msg, data: null });

// jsdom has no ResizeObserver; antd's TextArea observes its size.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  Modal.destroyAll();
  message.destroy();
  await changeLanguage('zh-CN');
  await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0));
});

const merchant = { mchNo: 'M100000004', name: '晨光外卖' };
function open(action: 'freeze' | 'unfreeze') {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StatusChangeModal action={action} merchant={merchant} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}
const reason = () => screen.getByTestId('status-reason');
const submit = () => fireEvent.click(screen.getByTestId('status-submit'));
const errorBeside = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const errorBesideReason = () => errorBeside('status-reason');
// waitFor's 1 s is short for a dialog's call and the refetches after it on a loaded two-core machine.
const LONG = { timeout: 8000 };
const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

/** The server's side of a status change, and what the mutation refreshes afterwards. */
function serve(answer: (body: unknown) => Response | Promise<Response>) {
  const sent: unknown[] = [];
  const route = async ({ request }: { request: Request }) => {
    const body = await request.json();
    sent.push(body);
    return answer(body);
  };
  server.use(
    mock.post('*/api/merchant/merchant/freeze', route),
    mock.post('*/api/merchant/merchant/unfreeze', route),
    mock.get('*/api/merchant/user/getCurrentUser', () => ok(null)),
  );
  return sent;
}

// The first render of antd's Form and Modal (styles built at run time) takes seconds on a busy machine.
describe('the freeze / unfreeze form', { timeout: 20_000 }, () => {
  it('freezing needs a reason: nothing is sent while it is empty or blank', async () => {
    const sent = serve(() => ok({ mchNo: merchant.mchNo, status: 'FROZEN' }));
    open('freeze');
    expect(screen.getByText('冻结商户「晨光外卖」')).toBeInTheDocument();
    submit();
    await waitFor(() => expect(errorBesideReason()).toBe('请填写冻结原因'), LONG);
    fireEvent.change(reason(), { target: { value: '   ' } });
    submit();
    await waitFor(() => expect(errorBesideReason()).toBe('请填写冻结原因'), LONG);
    await delay(50);
    expect(sent).toEqual([]);
  });

  it('sends the trimmed reason once, shows the success and closes', async () => {
    const sent = serve(async () => {
      await delay(30);
      return ok({ mchNo: merchant.mchNo, status: 'FROZEN' });
    });
    const onClose = open('freeze');
    fireEvent.change(reason(), { target: { value: '  收到异常交易投诉  ' } });
    submit();
    submit(); // a double click sends one call
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), LONG);
    expect(sent).toEqual([{ mchNo: 'M100000004', reason: '收到异常交易投诉' }]);
    await waitFor(() => expect(toasts()).toEqual(['已冻结商户「晨光外卖」']), LONG);
  });

  it("shows the server's refusal beside the merchant it names (frozen meanwhile) and stays open", async () => {
    serve(() => refuse(409, 'mchNo: the merchant is already frozen'));
    await changeLanguage('en-US');
    const onClose = open('freeze');
    expect(screen.getByText('Freeze 晨光外卖')).toBeInTheDocument();
    fireEvent.change(reason(), { target: { value: 'Complaints' } });
    submit();
    await waitFor(() => expect(errorBeside('status-mchno')).toBe('the merchant is already frozen'), LONG);
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('a refusal naming no field (no permission) goes beside the reason', async () => {
    serve(() => refuse(403, '您没有执行此操作的权限'));
    const onClose = open('unfreeze');
    submit();
    await waitFor(() => expect(errorBesideReason()).toBe('您没有执行此操作的权限'), LONG);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('unfreezing takes an optional note: without one the body has no reason', async () => {
    const sent = serve(() => ok({ mchNo: merchant.mchNo, status: 'ACTIVE' }));
    const onClose = open('unfreeze');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), LONG);
    expect(sent).toEqual([{ mchNo: 'M100000004' }]);
  });
});
