import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from 'antd';
// Per component, not `Input` from 'antd': its index carries OTP, Search, TextArea and Group along.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { CloseCircleFilled, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storeSignIn } from '@/lib/session';
import { login } from '../api/login';
import { AuthField } from '../components/auth-field';
import { AuthShell } from '../components/auth-shell';
import { NS } from '../i18n';
import { useAuthForm } from '../use-auth-form';

type Field = 'account' | 'password';
const FIELDS: Field[] = ['account', 'password'];

/**
 * Sign in with mobile or username and password; back to `redirect` afterwards (S2.12, S4.1). A plain form
 * (use-auth-form.ts): required checks on submit and again on every change once shown, server messages that name a
 * field beside it, labels and errors tied to the inputs for assistive technology.
 */
export default function LoginPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useAuthForm({ account: '', password: '' }, FIELDS, (v) => ({
    account: v.account.trim() ? undefined : t('login.required', { field: t('login.account') }),
    password: v.password ? undefined : t('login.required', { field: t('login.password') }),
  }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !form.check()) return;
    setBusy(true);
    setError(null);
    try {
      const data = await login(form.values);
      storeSignIn(data);
      const redirect = params.get('redirect');
      const target = redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/welcome';
      navigate(target.startsWith('/login') ? '/welcome' : target, { replace: true });
    } catch (e) {
      setError(form.showServerError(e));
    } finally {
      setBusy(false);
    }
  }

  const fieldProps = (field: Field) => ({
    ...form.textInput(field, `login-${field}`),
    'data-testid': `login-${field}`,
  });
  const field = (name: Field, input: ReactNode) => (
    <AuthField id={`login-${name}`} label={t(`login.${name}`)} error={form.errors[name]}>
      {input}
    </AuthField>
  );

  return (
    <AuthShell title={t('login.title')}>
      {error && (
        // antd's Alert look in plain markup: it is only ever this one line, not worth its chunk on every visit.
        <div className="auth-alert" role="alert" data-testid="login-error">
          <CloseCircleFilled className="auth-alert-icon" aria-hidden />
          <span>{error}</span>
        </div>
      )}
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        {field(
          'account',
          <Input
            {...fieldProps('account')}
            prefix={<UserOutlined aria-hidden />}
            placeholder={t('login.accountPlaceholder')}
            autoComplete="username"
          />,
        )}
        {field(
          'password',
          <Password
            {...fieldProps('password')}
            prefix={<LockOutlined aria-hidden />}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
          />,
        )}
        <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </form>
      <p className="auth-foot">
        {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
        <span aria-hidden> · </span>
        <Link to="/home">{t('login.home')}</Link>
      </p>
    </AuthShell>
  );
}
