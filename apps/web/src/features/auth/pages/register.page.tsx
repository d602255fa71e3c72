import { Button, Checkbox, Form } from 'antd';
// Per component, as on /login: antd's Input index carries OTP, Search and TextArea along.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MOBILE_RE, PASSWORD_RE } from '@/lib/rules';
import { storeSignIn } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { PasswordStrength } from '@/components/password-strength';
import { SmsCodeField } from '@/components/sms-code-field';
import { register, type RegisterInput } from '../api/register';
import { sendRegisterCode } from '../api/send-sms';
import { AuthShell } from '../components/auth-shell';
import { PAGES_NS as NS } from '../pages-i18n';

/** The form's values: the agreements checkbox may be unticked until antd's rule stops the submit. */
type Values = Omit<RegisterInput, 'agreed'> & { agreed: boolean };

/** Sign up: mobile, SMS code (60 s countdown), password, the three agreements. */
export default function RegisterPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  // A server `msg` like "mobile: is already registered" goes beside its field.
  const { onFinish, busy, showError } = useServerForm(form, {
    submit: (v) => register({ mobile: v.mobile, smsCode: v.smsCode, password: v.password, agreed: true }),
    onSuccess: (data) => {
      storeSignIn(data);
      toast.success(t('register.done'));
      navigate('/welcome', { replace: true });
    },
    fallback: 'mobile',
  });

  const password = Form.useWatch('password', form);
  const mobile = Form.useWatch('mobile', form);

  const agreement = (to: string, label: string) => (
    <Link to={to} target="_blank" rel="noopener">
      {label}
    </Link>
  );

  return (
    <AuthShell title={t('register.title')}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
        <Form.Item
          name="mobile"
          label={t('register.mobile')}
          rules={[{ required: true, pattern: MOBILE_RE, message: t('register.mobileInvalid') }]}
        >
          <Input
            inputMode="numeric"
            maxLength={11}
            autoComplete="tel"
            placeholder={t('register.mobilePlaceholder')}
            data-testid="register-mobile"
          />
        </Form.Item>
        <SmsCodeField
          form={form}
          label={t('register.smsCode')}
          invalidMessage={t('register.smsCodeInvalid')}
          placeholder={t('register.smsCodePlaceholder')}
          sendText={t('register.send')}
          resendText={(seconds) => t('register.resend', { seconds })}
          send={sendRegisterCode}
          onSent={() => toast.success(t('register.sent'))}
          onError={(e) => showError(e)}
          testIds={{ input: 'register-sms-code', send: 'register-send-code' }}
        />
        <Form.Item
          name="password"
          label={t('register.password')}
          extra={
            <>
              {t('register.passwordRule')}
              <PasswordStrength password={password} personal={mobile ? [mobile] : []} />
            </>
          }
          rules={[{ required: true, pattern: PASSWORD_RE, message: t('register.passwordRule') }]}
        >
          <Password autoComplete="new-password" data-testid="register-password" />
        </Form.Item>
        <Form.Item
          name="agreed"
          valuePropName="checked"
          rules={[
            {
              validator: (_, value) =>
                value ? Promise.resolve() : Promise.reject(new Error(t('register.agreeRequired'))),
            },
          ]}
        >
          <Checkbox data-testid="register-agree">
            {t('register.agreePrefix')}
            {agreement('/protocal-user', t('register.user'))}
            {t('register.and')}
            {agreement('/protocal-privacy', t('register.privacy'))}
            {t('register.and')}
            {agreement('/protocal-risk', t('register.risk'))}
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Form>
      <p className="auth-foot">
        {t('register.hasAccount')} <Link to="/login">{t('register.login')}</Link>
      </p>
    </AuthShell>
  );
}
