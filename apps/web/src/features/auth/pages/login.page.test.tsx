import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import '@/i18n';
import LoginPage from './login.page';

const refuse = (msg: string) => HttpResponse.json({ status: 200, code: 400, msg, message: msg, data: null });
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => localStorage.clear());
afterEach(() => server.resetHandlers());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '*', Component: () => null },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const account = () => screen.getByLabelText('手机号或用户名');
const password = () => screen.getByLabelText('密码');
const submit = () => screen.getByTestId('login-submit');

describe('sign-in form', () => {
  it('S4.1 empty fields are refused beside each field, nothing is sent, the first one gets the focus', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(mock.post('*/api/merchant/login', () => (calls++, refuse('x'))));
    renderAt('/login');
    await user.type(account(), '   ');
    await user.click(submit());
    expect(await screen.findByText('请输入手机号或用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(account()).toHaveAttribute('aria-invalid', 'true');
    expect(account()).toHaveAccessibleDescription('请输入手机号或用户名');
    expect(account()).toHaveFocus();
    expect(calls).toBe(0);
    // once shown, an error follows the typing
    await user.type(password(), 'p');
    expect(screen.queryByText('请输入密码')).toBeNull();
    expect(password()).not.toHaveAttribute('aria-invalid');
  });

  it('S4.1 S2.12 sends account and password, stores the token and the merchants, follows redirect', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      mock.post('*/api/merchant/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          status: 200,
          code: 200,
          msg: 'ok',
          message: 'ok',
          data: { token: 'tok-1', mchInfo: [{ mchId: 7 }] },
        });
      }),
    );
    const router = renderAt(`/login?redirect=${encodeURIComponent('/bill?day=2026-01-02')}`);
    await user.type(account(), '13800138000');
    await user.type(password(), 'Demo@2026');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/bill'));
    expect(router.state.location.search).toBe('?day=2026-01-02');
    expect(body).toEqual({ account: '13800138000', password: 'Demo@2026' });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('mchList')!)).toEqual([{ mchId: 7 }]);
  });

  it('a refusal naming a field is shown under it; any other is shown above the form, no session stored', async () => {
    const user = userEvent.setup();
    server.use(mock.post('*/api/merchant/login', () => refuse('password: is too long')));
    renderAt('/login');
    await user.type(account(), 'alice');
    await user.type(password(), 'x');
    await user.click(submit());
    expect(await screen.findByText('is too long')).toBeInTheDocument();
    expect(password()).toHaveAccessibleDescription('is too long');
    expect(screen.queryByTestId('login-error')).toBeNull();

    server.use(mock.post('*/api/merchant/login', () => refuse('Wrong account or password.')));
    await user.click(submit());
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Wrong account or password.');
    expect(screen.getByTestId('login-error')).toHaveAttribute('role', 'alert');
    expect(screen.queryByText('is too long')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
