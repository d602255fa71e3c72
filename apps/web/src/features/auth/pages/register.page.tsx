import { useState, type FormEvent } from 'react';
import { Button, Checkbox } from 'antd';
// Per component: antd's Input index carries OTP, Search, TextArea and Group along (on a first visit).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MOBILE_RE, PASSWORD_RE, SMS_CODE_RE } from '@/lib/rules';
import { storeSignIn } from '@/lib/session';
import { toast } from '@/lib/toast';
import { resendAfter, useCountdown } from '@/lib/use-countdown';
import { PasswordStrength } from '@/components/password-strength';
import { register } from '../api/register';
import { sendRegisterCode } from '../api/send-sms';
import { AuthField, errorProps } from '../components/auth-field';
import { AuthShell } from '../components/auth-shell';
import { PAGES_NS as NS } from '../pages-i18n';
import { useAuthForm } from '../use-auth-form';

type Field = 'mobile' | 'smsCode' | 'password' | 'agreed';
const FIELDS: Field[] = ['mobile', 'smsCode', 'password', 'agreed'];
type Values = Record<Exclude<Field, 'agreed'>, string> & { agreed: boolean };

/**
 * Sign up: mobile, SMS code (60 s countdown), password, the three agreements. A plain form (use-auth-form.ts):
 * the page is many people's first visit, on a phone, and antd's Form would be most of its weight.
 */
export default function RegisterPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [left, startCountdown] = useCountdown();
  const form = useAuthForm<Field, Values>({ mobile: '', smsCode: '', password: '', agreed: false }, FIELDS, (v) => ({
    mobile: MOBILE_RE.test(v.mobile.trim()) ? undefined : t('register.mobileInvalid'),
    smsCode: SMS_CODE_RE.test(v.smsCode.trim()) ? undefined : t('register.smsCodeInvalid'),
    password: PASSWORD_RE.test(v.password) ? undefined : t('register.passwordRule'),
    agreed: v.agreed ? undefined : t('register.agreeRequired'),
  }));
  const { values, errors } = form;

  async function sendCode() {
    if (!form.check(['mobile'])) return;
    setSending(true);
    try {
      startCountdown(resendAfter(await sendRegisterCode(values.mobile.trim())));
      toast.success(t('register.sent'));
    } catch (e) {
      form.showServerError(e, 'mobile');
    } finally {
      setSending(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !form.check()) return;
    setBusy(true);
    try {
      storeSignIn(
        await register({
          mobile: values.mobile.trim(),
          smsCode: values.smsCode.trim(),
          password: values.password,
          agreed: true,
        }),
      );
      toast.success(t('register.done'));
      navigate('/welcome', { replace: true });
    } catch (e) {
      form.showServerError(e, 'mobile');
    } finally {
      setBusy(false);
    }
  }

  const text = (field: Exclude<Field, 'agreed'>) => ({
    ...form.textInput(field, `register-${field}`),
    'data-testid': `register-${field === 'smsCode' ? 'sms-code' : field}`,
  });
  /** The mobile and the SMS code: digits, a phone's number pad. */
  const digits = (field: 'mobile' | 'smsCode', maxLength: number, autoComplete: string) => (
    <Input
      {...text(field)}
      inputMode="numeric"
      maxLength={maxLength}
      autoComplete={autoComplete}
      placeholder={t(`register.${field}Placeholder`)}
    />
  );
  const agreement = (to: string, label: string) => (
    <Link to={to} target="_blank" rel="noopener">
      {label}
    </Link>
  );

  return (
    <AuthShell title={t('register.title')}>
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <AuthField id="register-mobile" label={t('register.mobile')} error={errors.mobile}>
          {digits('mobile', 11, 'tel')}
        </AuthField>
        <AuthField id="register-smsCode" label={t('register.smsCode')} error={errors.smsCode}>
          <div className="auth-sms">
            {digits('smsCode', 6, 'one-time-code')}
            <Button
              size="large"
              onClick={() => void sendCode()}
              disabled={left > 0}
              loading={sending}
              data-testid="register-send-code"
            >
              {left > 0 ? t('register.resend', { seconds: left }) : t('register.send')}
            </Button>
          </div>
        </AuthField>
        <AuthField
          id="register-password"
          label={t('register.password')}
          error={errors.password}
          extra={
            <>
              {/* The rule is the error's text: said once. */}
              {!errors.password && t('register.passwordRule')}
              <PasswordStrength password={values.password} personal={values.mobile ? [values.mobile] : []} />
            </>
          }
        >
          <Password {...text('password')} autoComplete="new-password" />
        </AuthField>
        <AuthField id="register-agreed" error={errors.agreed}>
          <Checkbox
            {...errorProps('register-agreed', errors.agreed)}
            ref={form.ref('agreed')}
            checked={values.agreed}
            onChange={(e) => form.change('agreed', e.target.checked)}
            data-testid="register-agree"
          >
            {t('register.agreePrefix')}
            {agreement('/protocal-user', t('register.user'))}
            {t('register.and')}
            {agreement('/protocal-privacy', t('register.privacy'))}
            {t('register.and')}
            {agreement('/protocal-risk', t('register.risk'))}
          </Checkbox>
        </AuthField>
        <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </form>
      <p className="auth-foot">
        {t('register.hasAccount')} <Link to="/login">{t('register.login')}</Link>
      </p>
    </AuthShell>
  );
}
