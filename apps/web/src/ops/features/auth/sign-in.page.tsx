import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OpsMe, TotpEnrolment } from '@mchweb/contract/ops/schemas';
import { LanguageSwitch } from '@/components/language-switch';
import { documentTitle } from '@/lib/page-title';
import { clearSession } from '@/lib/session-expiry';
import { setItem } from '@/lib/storage';
import { useServerForm } from '@/lib/use-server-form';
import { OPS_NS } from '../../i18n';
import { startOpsSession, type OpsOperatorInfo } from '../../session';
import { signInWithPassword, totpEnrolment, verifyTotp } from './api';
import { AUTH_NS } from './i18n';
import './sign-in.css';

type Step = { kind: 'password' } | { kind: 'code'; account: string } | { kind: 'enrol'; enrolment: TotpEnrolment };

/** Only a path of this console (`/onboarding?x`), never another site or the sign-in itself. */
function safeRedirect(target: string | null): string {
  return target && /^\/(?!\/)/.test(target) && !target.startsWith('/login') ? target : '/';
}

export function operatorInfo(me: OpsMe): OpsOperatorInfo {
  return {
    operatorNo: String(me.operatorId),
    name: me.name,
    account: me.username,
    roles: me.roles,
    permissions: me.permissions,
  };
}

function PasswordStep({ onDone }: { onDone: (step: Step) => void }) {
  const { t } = useTranslation(AUTH_NS);
  const [form] = Form.useForm<{ account: string; password: string }>();
  const server = useServerForm(form, {
    submit: async (values) => {
      clearSession();
      const answer = await signInWithPassword(values);
      // The token opens the code step only; it becomes the session when the code is right.
      setItem('opsToken', answer.token);
      if (answer.next === 'ENROL') return { kind: 'enrol' as const, enrolment: await totpEnrolment() };
      return { kind: 'code' as const, account: values.account };
    },
    onSuccess: onDone,
    fallback: 'password',
  });
  return (
    <Form form={form} layout="vertical" onFinish={server.onFinish} requiredMark={false}>
      <Form.Item name="account" label={t('account')} rules={[{ required: true, message: t('required') }]}>
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('required') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={server.busy}>
        {t('next')}
      </Button>
    </Form>
  );
}

function CodeStep({ submitLabel, onSignedIn }: { submitLabel: string; onSignedIn: (me: OpsMe) => void }) {
  const { t } = useTranslation(AUTH_NS);
  const [form] = Form.useForm<{ code: string }>();
  const server = useServerForm(form, {
    submit: ({ code }) => verifyTotp(code),
    onSuccess: onSignedIn,
    fallback: 'code',
  });
  return (
    <Form form={form} layout="vertical" onFinish={server.onFinish} requiredMark={false}>
      <Form.Item
        name="code"
        label={t('totp.code')}
        rules={[{ required: true, pattern: /^\d{6}$/, message: t('codeRule') }]}
      >
        <Input.OTP
          length={6}
          autoFocus
          inputMode="numeric"
          aria-label={t('totp.code')}
          formatter={(v) => v.replace(/\D/g, '')}
          onChange={(code) => /^\d{6}$/.test(code) && form.submit()}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={server.busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/**
 * /ops/login: the password, then the 6-digit code of the operator's authenticator (RFC 6238); on the first
 * sign-in (or after an admin reset it) the authenticator is set up first from the QR code the server draws.
 */
export default function OpsSignInPage() {
  const { t } = useTranslation(AUTH_NS);
  const { t: to } = useTranslation(OPS_NS);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'password' });

  useEffect(() => {
    document.title = documentTitle(t('title'), to('brand'));
  }, [t, to]);

  const signedIn = (me: OpsMe) => {
    startOpsSession(localStorage.getItem('opsToken') ?? '', operatorInfo(me));
    navigate(safeRedirect(search.get('redirect')), { replace: true });
  };
  const restart = () => {
    clearSession();
    setStep({ kind: 'password' });
  };

  return (
    <div className="ops-signin">
      <div className="ops-signin-lang">
        <LanguageSwitch />
      </div>
      <Card className="ops-signin-card">
        <div className="ops-signin-brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={32} height={32} />
          <span>{to('brand')}</span>
        </div>
        {step.kind === 'password' && (
          <>
            <Typography.Title level={1} className="ops-signin-title">
              {t('title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
            <PasswordStep onDone={setStep} />
          </>
        )}
        {step.kind === 'code' && (
          <>
            <Typography.Title level={1} className="ops-signin-title">
              {t('totp.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('totp.intro', { account: step.account })}</Typography.Paragraph>
            <CodeStep submitLabel={t('totp.submit')} onSignedIn={signedIn} />
          </>
        )}
        {step.kind === 'enrol' && (
          <>
            <Typography.Title level={1} className="ops-signin-title">
              {t('enrol.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('enrol.intro')}</Typography.Paragraph>
            <img
              className="ops-signin-qr"
              src={step.enrolment.qrDataUrl}
              alt={t('enrol.qr')}
              width={200}
              height={200}
            />
            <Alert
              type="info"
              className="ops-signin-secret"
              title={t('enrol.manual')}
              description={
                <Typography.Text code copyable data-testid="totp-secret">
                  {step.enrolment.secret}
                </Typography.Text>
              }
            />
            <CodeStep submitLabel={t('enrol.submit')} onSignedIn={signedIn} />
          </>
        )}
        {step.kind !== 'password' && (
          <Button type="link" block onClick={restart}>
            {t('totp.back')}
          </Button>
        )}
      </Card>
    </div>
  );
}
