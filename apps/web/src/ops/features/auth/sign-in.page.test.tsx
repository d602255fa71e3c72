import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http as mock } from 'msw';
import { mswServer, ok, refuse } from '@/components/reconciliation/testing';
import { getJson, getString, setItem } from '@/lib/storage';
import { openOpsPage } from '../../testing';
import OpsSignInPage from './sign-in.page';

const LONG = { timeout: 15_000 };
const server = mswServer();

const ME = {
  operatorId: 7,
  username: 'li.review',
  name: '李审核',
  mobile: null,
  roles: ['REVIEWER'],
  permissions: ['ops:onboarding:view', 'ops:onboarding:review'],
  sessionExpiresAt: '2026-05-01T18:00:00+08:00',
  idleMinutes: 30,
};

function Queue() {
  return <p>queue page</p>;
}

const typePassword = () => {
  fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'li.review' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Secret-pass-1' } });
  fireEvent.click(screen.getByRole('button', { name: '下一步' }));
};
/** Types the six digits into the one-time-code boxes (antd's Input.OTP: one input a digit). */
const typeCode = (code: string) => {
  const boxes = screen.getAllByRole('textbox').filter((el) => el.closest('.ant-otp'));
  expect(boxes).toHaveLength(6);
  code.split('').forEach((digit, i) => fireEvent.input(boxes[i]!, { target: { value: digit } }));
};

describe('/ops/login', () => {
  it('asks the password, then the 6-digit code; a wrong code is shown beside the field; a right one signs in and goes where the operator wanted, never sending a merchant token', async () => {
    setItem('token', 'merchant-token'); // a merchant signed in on the same browser
    const headers: (string | null)[] = [];
    const codes: unknown[] = [];
    server.use(
      mock.post('*/api/ops/login', async ({ request }) => {
        headers.push(request.headers.get('token'));
        expect(await request.json()).toEqual({ account: 'li.review', password: 'Secret-pass-1' });
        return ok({ token: 'ops_half', next: 'CODE', codeDeadline: '2026-05-01T10:05:00+08:00' });
      }),
      mock.post('*/api/ops/totp/verify', async ({ request }) => {
        headers.push(request.headers.get('token'));
        const body = (await request.json()) as { code: string };
        codes.push(body.code);
        return body.code === '123456' ? ok(ME) : refuse(400, 'code: is not the code the authenticator shows now');
      }),
    );
    const router = openOpsPage(
      [
        { path: '/login', Component: OpsSignInPage },
        { path: '/onboarding', Component: Queue },
      ],
      '/login?redirect=%2Fonboarding%3Fassignee%3Dme',
      null,
    );
    typePassword();
    expect(await screen.findByText('输入动态验证码', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText(/li\.review/)).toBeInTheDocument();
    // Half signed in: the token opens only the code step, and the console does not count it as a session.
    expect(getString('opsToken')).toBe('ops_half');
    expect(getJson('opsOperator')).toBeNull();

    typeCode('654321');
    expect(await screen.findByText('is not the code the authenticator shows now', {}, LONG)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    typeCode('123456');
    expect(await screen.findByText('queue page', {}, LONG)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?assignee=me');
    expect(codes).toEqual(['654321', '123456']);
    expect(headers).toEqual([null, 'ops_half', 'ops_half']);
    expect(getJson('opsOperator')).toMatchObject({ name: '李审核', permissions: ME.permissions });
    // The two sessions live apart: the portal's stays signed in (another tab), and the console never sends it.
    expect(getString('token')).toBe('merchant-token');
  }, 90_000);

  it('first sign-in: shows the QR code and the secret from the server, and the first right code confirms the authenticator', async () => {
    server.use(
      mock.post('*/api/ops/login', () =>
        ok({ token: 'ops_new', next: 'ENROL', codeDeadline: '2026-05-01T10:05:00+08:00' }),
      ),
      mock.get('*/api/ops/totp/enrolment', () =>
        ok({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/mchweb:li.review?secret=JBSWY3DPEHPK3PXP',
          qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
        }),
      ),
      mock.post('*/api/ops/totp/verify', () => ok(ME)),
    );
    const router = openOpsPage(
      [
        { path: '/login', Component: OpsSignInPage },
        { path: '/', Component: Queue },
      ],
      '/login?redirect=https%3A%2F%2Fevil.example',
      null,
    );
    typePassword();
    const qr = await screen.findByRole('img', { name: '身份验证器绑定二维码' }, LONG);
    expect(qr).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    typeCode('000111');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), LONG); // not another site
    expect(getString('opsToken')).toBe('ops_new');
  }, 90_000);

  it('a refused password is shown under the field it names', async () => {
    server.use(mock.post('*/api/ops/login', () => refuse(400, 'password: is wrong, 4 tries left')));
    openOpsPage([{ path: '/login', Component: OpsSignInPage }], '/login', null);
    typePassword();
    expect(await screen.findByText('is wrong, 4 tries left', {}, LONG)).toBeInTheDocument();
    expect(getString('opsToken')).toBeNull();
  }, 90_000);
});
