import { useRef, useState, type FormEvent } from 'react';
import { Button } from 'antd';
// Per component, not `Input` from 'antd': its index carries OTP, Search, TextArea and Group along.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import type { InputRef } from 'antd/es/input';
import { CloseCircleFilled, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fieldOf } from '@/lib/api';
import { storeSignIn } from '@/lib/session';
import { login } from '../api/login';
import { AuthShell } from '../components/auth-shell';
import { NS } from '../i18n';

type Field = 'account' | 'password';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['account', 'password'];

/**
 * Sign in with mobile or username and password; back to `redirect` afterwards (S2.12, S4.1).
 * Two fields do not need antd's Form (with its validator, about 20 KB gzip on the first visit): a small
 * controlled form with the same behaviour - required checks on submit and again on every change once shown,
 * server messages that name a field beside it, labels and errors tied to the inputs for assistive technology.
 */
export default function LoginPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Values>({ account: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputs = { account: useRef<InputRef>(null), password: useRef<InputRef>(null) };

  function validate(v: Values): Errors {
    const found: Errors = {};
    if (!v.account.trim()) found.account = t('login.required', { field: t('login.account') });
    if (!v.password) found.password = t('login.required', { field: t('login.password') });
    return found;
  }

  // From the latest values, not this render's: two fields can change before a render (a browser's autofill, what
  // was typed into the prerendered page before hydration, app/start.tsx).
  function change(field: Field, value: string) {
    setValues((old) => ({ ...old, [field]: value }));
    if (checked) setErrors((e) => ({ ...e, [field]: validate({ ...values, [field]: value })[field] }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    const found = validate(values);
    setErrors(found);
    const invalid = FIELDS.find((f) => found[f]);
    if (invalid) {
      inputs[invalid].current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const data = await login(values);
      storeSignIn(data);
      const redirect = params.get('redirect');
      const target = redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/welcome';
      navigate(target.startsWith('/login') ? '/welcome' : target, { replace: true });
    } catch (e) {
      const { field, message } = fieldOf(e);
      if (field === 'account' || field === 'password') setErrors((old) => ({ ...old, [field]: message }));
      else setError(message);
    } finally {
      setBusy(false);
    }
  }

  const fieldProps = (field: Field) => ({
    id: `login-${field}`,
    value: values[field],
    onChange: (e: { target: { value: string } }) => change(field, e.target.value),
    status: errors[field] ? ('error' as const) : undefined,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `login-${field}-error` : undefined,
    'data-testid': `login-${field}`,
    size: 'large' as const,
  });
  const label = (field: Field) => (
    <label className="auth-label" htmlFor={`login-${field}`}>
      {t(`login.${field}`)}
    </label>
  );
  const explain = (field: Field) =>
    errors[field] && (
      <div id={`login-${field}-error`} className="auth-field-error" role="alert">
        {errors[field]}
      </div>
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
        <div className="auth-field">
          {label('account')}
          <Input
            {...fieldProps('account')}
            ref={inputs.account}
            prefix={<UserOutlined aria-hidden />}
            placeholder={t('login.accountPlaceholder')}
            autoComplete="username"
          />
          {explain('account')}
        </div>
        <div className="auth-field">
          {label('password')}
          <Password
            {...fieldProps('password')}
            ref={inputs.password}
            prefix={<LockOutlined aria-hidden />}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
          />
          {explain('password')}
        </div>
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
