import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import '@/i18n';
import RegisterPage from './register.page';

const answer = (data: unknown, code = 200, msg = 'ok') =>
  HttpResponse.json({ status: 200, code, msg, message: msg, data });
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => localStorage.clear());
afterEach(() => server.resetHandlers());

function renderAt() {
  const router = createMemoryRouter(
    [
      { path: '/register', Component: RegisterPage },
      { path: '*', Component: () => null },
    ],
    { initialEntries: ['/register'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const mobile = () => screen.getByLabelText('手机号');
const code = () => screen.getByLabelText('短信验证码');
const password = () => screen.getByLabelText('登录密码');
const agree = () => screen.getByTestId('register-agree');
const submit = () => screen.getByTestId('register-submit');

describe('sign-up form', () => {
  it('every field is checked on submit, beside itself, nothing is sent, the first one gets the focus', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(mock.post('*/api/merchant/register', () => (calls++, answer(null))));
    renderAt();
    await user.type(mobile(), '1380013');
    await user.click(submit());
    expect(await screen.findByText('请输入 11 位中国大陆手机号')).toBeInTheDocument();
    expect(mobile()).toHaveAccessibleDescription('请输入 11 位中国大陆手机号');
    expect(mobile()).toHaveAttribute('aria-invalid', 'true');
    expect(mobile()).toHaveFocus();
    expect(code()).toHaveAccessibleDescription('请输入短信中的 6 位验证码');
    expect(password()).toHaveAccessibleDescription('8–64 位，须同时包含字母和数字');
    expect(agree()).toHaveAccessibleDescription('请先阅读并同意三项协议');
    expect(calls).toBe(0);
    // once shown, an error follows the typing
    await user.type(mobile(), '8000');
    expect(mobile()).not.toHaveAttribute('aria-invalid');
    await user.click(agree());
    expect(screen.queryByText('请先阅读并同意三项协议')).toBeNull();
  });

  it('the code is sent to a valid mobile only (its error clears as it is corrected), then the button counts down; the server may ask for longer', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/sms/send', async ({ request }) => {
        sent.push(await request.json());
        return answer({ resendAfterSeconds: 45 });
      }),
    );
    renderAt();
    await user.click(screen.getByTestId('register-send-code'));
    expect(await screen.findByText('请输入 11 位中国大陆手机号')).toBeInTheDocument();
    expect(sent).toEqual([]);
    // the error follows the typing before any submit, and clears once the mobile is whole
    await user.type(mobile(), '1380013');
    expect(mobile()).toHaveAttribute('aria-invalid', 'true');
    await user.type(mobile(), '8999');
    expect(mobile()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('请输入 11 位中国大陆手机号')).toBeNull();
    await user.click(screen.getByTestId('register-send-code'));
    await waitFor(() => expect(screen.getByTestId('register-send-code')).toBeDisabled());
    expect(screen.getByTestId('register-send-code')).toHaveTextContent(/4[45] 秒后重新获取/);
    expect(sent).toEqual([{ mobile: '13800138999', scene: 'register' }]);
  });

  it('sends the form, stores the session and goes on; a refusal naming a field is shown under it', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(mock.post('*/api/merchant/register', () => answer(null, 400, 'smsCode: is wrong or has expired')));
    const router = renderAt();
    await user.type(mobile(), '13800138999');
    await user.type(code(), '123456');
    await user.type(password(), 'Shop-lantern-2026');
    await user.click(agree());
    await user.click(submit());
    expect(await screen.findByText('is wrong or has expired')).toBeInTheDocument();
    expect(code()).toHaveAccessibleDescription('is wrong or has expired');
    expect(localStorage.getItem('token')).toBeNull();

    server.use(
      mock.post('*/api/merchant/register', async ({ request }) => {
        body = await request.json();
        return answer({ token: 'tok-2', mchInfo: [] });
      }),
    );
    await user.clear(code());
    await user.type(code(), '654321');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(body).toEqual({ mobile: '13800138999', smsCode: '654321', password: 'Shop-lantern-2026', agreed: true });
    expect(localStorage.getItem('token')).toBe('tok-2');
  });
});
