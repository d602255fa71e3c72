import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { message } from 'antd';
import { changeLanguage } from '@/i18n';
import { BindMobileForm } from './bind-mobile-form';

const ok = (data: unknown) => HttpResponse.json({ status: 200, code: 200, msg: 'ok', message: 'ok', data });
const refuse = (code: number, msg: string) => HttpResponse.json({ status: 200, code, msg, message: msg, data: null });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  message.destroy();
  await changeLanguage('zh-CN');
  await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0));
});

function open(isOwner: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BindMobileForm initialMobile="13800138000" isOwner={isOwner} />
    </QueryClientProvider>,
  );
}
const errorBeside = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const LONG = { timeout: 8000 };

// The first render of antd's Form (styles built at run time) takes seconds on a busy machine.
describe('the contact mobile form (issue 25.7)', { timeout: 20_000 }, () => {
  it('the owner moving it asks for a code to the current mobile and sees its refusal beside that field', async () => {
    const sent: unknown[] = [];
    let asked = 0;
    server.use(
      mock.post('*/api/merchant/feeManager/sendChangeMobileCode', () => {
        asked++;
        return ok({ mobileMasked: '138****8000', resendAfterSeconds: 60 });
      }),
      mock.post('*/api/merchant/feeManager/bindingMobile', async ({ request }) => {
        sent.push(await request.json());
        return refuse(400, 'oldSmsCode: 验证码错误，还可再试 4 次');
      }),
    );
    open(true);
    expect(screen.queryByTestId('bind-old-sms-code')).toBeNull();
    fireEvent.change(screen.getByTestId('bind-mobile'), { target: { value: '13911125007' } });
    await waitFor(() => expect(screen.getByTestId('bind-old-sms-code')).toBeInTheDocument(), LONG);
    expect(screen.getByText('更换号码需要发送到当前联系手机 138****8000 的验证码。')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('bind-old-send'));
    await waitFor(() => expect(asked).toBe(1), LONG);
    fireEvent.change(screen.getByTestId('bind-old-sms-code'), { target: { value: '111111' } });
    fireEvent.change(screen.getByTestId('bind-sms-code'), { target: { value: '222222' } });
    fireEvent.click(screen.getByTestId('bind-submit'));
    await waitFor(() => expect(errorBeside('bind-old-sms-code')).toBe('验证码错误，还可再试 4 次'), LONG);
    expect(sent).toEqual([{ mobile: '13911125007', smsCode: '222222', oldSmsCode: '111111' }]);
  });

  it('another member sees the number read-only, with why, in English too', async () => {
    await changeLanguage('en-US');
    open(false);
    expect(screen.getByTestId('bind-mobile')).toHaveAttribute('readonly');
    expect(
      screen.getByText(
        'The contact mobile confirms payees and large transfers: only the owner may move it to another number.',
      ),
    ).toBeInTheDocument();
  });
});
