import { Button, Card, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MOBILE_RE } from '@/lib/rules';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useAddCompany, type AddCompanyInput } from '../api/add-company';
import { PendingInvitations } from '../components/pending-invitations';
import { NS } from '../i18n';
import '../components/company.css';

/** 18 characters of the code's alphabet; the check digit itself is the server's to judge (see report). */
const CREDIT_CODE_FORMAT = /^[0-9A-HJ-NP-RTUW-Y]{18}$/;

/** /organ-create: a new organisation; the creator is its owner and it becomes current. */
export default function CompanyCreatePage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { companyInfo } = useSession();
  const [form] = Form.useForm<AddCompanyInput>();
  const add = useAddCompany();
  const { onFinish, busy } = useServerForm(form, {
    submit: (v) =>
      add.mutateAsync({
        companyName: v.companyName.trim(),
        creditCode: v.creditCode.trim().toUpperCase(),
        contactName: v.contactName.trim(),
        contactMobile: v.contactMobile.trim(),
      }),
    onSuccess: () => {
      toast.success(t('create.done'));
      navigate('/welcome', { replace: true });
    },
    fallback: 'companyName',
  });
  const canGoBack = Boolean(companyInfo?.companyId || companyInfo?.hasOtherCompany);

  return (
    <section className="company-page" data-testid="page-organ-create">
      <h1>{t('create.title')}</h1>
      <p className="company-intro">{t('create.intro')}</p>
      {/* A newcomer invited by an organisation lands here: the invitation is the other way in. */}
      <PendingInvitations />
      <Card className="company-form">
        <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy}>
          <Form.Item
            name="companyName"
            label={t('field.companyName')}
            rules={[{ required: true, whitespace: true, min: 2, max: 100, message: t('rule.companyName') }]}
          >
            <Input maxLength={100} autoComplete="organization" data-testid="company-name" />
          </Form.Item>
          <Form.Item
            name="creditCode"
            label={t('field.creditCode')}
            normalize={(v: string) => v?.toUpperCase().replace(/\s/g, '')}
            rules={[{ required: true, pattern: CREDIT_CODE_FORMAT, message: t('rule.creditCode') }]}
          >
            <Input
              maxLength={18}
              placeholder={t('create.creditCodePlaceholder')}
              style={{ fontFamily: 'monospace' }}
              data-testid="company-credit-code"
            />
          </Form.Item>
          <Form.Item
            name="contactName"
            label={t('field.contactName')}
            rules={[{ required: true, whitespace: true, max: 50, message: t('rule.contactName') }]}
          >
            <Input maxLength={50} autoComplete="name" data-testid="company-contact-name" />
          </Form.Item>
          <Form.Item
            name="contactMobile"
            label={t('field.contactMobile')}
            rules={[{ required: true, pattern: MOBILE_RE, message: t('rule.mobile') }]}
          >
            <Input inputMode="numeric" maxLength={11} autoComplete="tel" data-testid="company-contact-mobile" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="company-create-submit">
            {t('create.submit')}
          </Button>
        </Form>
        {canGoBack && (
          <p style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
            <Link to="/organ-select">{t('create.back')}</Link>
          </p>
        )}
      </Card>
    </section>
  );
}
