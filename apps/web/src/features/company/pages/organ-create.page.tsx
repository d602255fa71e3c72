import { useState } from 'react';
import { Button, Card, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MOBILE_RE } from '@/lib/rules';
import { refreshAfterCompanySwitch, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { addCompany, type AddCompanyInput } from '../api/add-company';
import { serverFieldErrors } from '@/lib/form-errors';
import { NS } from '../i18n';
import '../components/company.css';

const FIELDS = ['companyName', 'creditCode', 'contactName', 'contactMobile'] as const;
/** 18 characters of the code's alphabet; the check digit itself is the server's to judge (see report). */
const CREDIT_CODE_FORMAT = /^[0-9A-HJ-NP-RTUW-Y]{18}$/;

/** /organ-create: a new organisation; the creator is its owner and it becomes current. */
export default function OrganCreatePage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { companyInfo } = useSession();
  const [form] = Form.useForm<AddCompanyInput>();
  const [busy, setBusy] = useState(false);
  const canGoBack = Boolean(companyInfo?.companyId || companyInfo?.hasOtherCompany);

  async function submit(values: AddCompanyInput) {
    setBusy(true);
    try {
      await addCompany({
        companyName: values.companyName.trim(),
        creditCode: values.creditCode.trim().toUpperCase(),
        contactName: values.contactName.trim(),
        contactMobile: values.contactMobile.trim(),
      });
      // The server made it the session's current organisation: the client's session follows.
      await refreshAfterCompanySwitch();
      toast.success(t('create.done'));
      navigate('/welcome', { replace: true });
    } catch (e) {
      form.setFields(serverFieldErrors(e, FIELDS, 'companyName') as never);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="company-page" data-testid="page-organ-create">
      <h1>{t('create.title')}</h1>
      <p className="company-intro">{t('create.intro')}</p>
      <Card className="company-form">
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
          <Form.Item
            name="companyName"
            label={t('field.companyName')}
            rules={[{ required: true, whitespace: true, min: 2, max: 100, message: t('rule.companyName') }]}
          >
            <Input maxLength={100} autoComplete="organization" data-testid="organ-name" />
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
              data-testid="organ-credit-code"
            />
          </Form.Item>
          <Form.Item
            name="contactName"
            label={t('field.contactName')}
            rules={[{ required: true, whitespace: true, max: 50, message: t('rule.contactName') }]}
          >
            <Input maxLength={50} autoComplete="name" data-testid="organ-contact-name" />
          </Form.Item>
          <Form.Item
            name="contactMobile"
            label={t('field.contactMobile')}
            rules={[{ required: true, pattern: MOBILE_RE, message: t('rule.mobile') }]}
          >
            <Input inputMode="numeric" maxLength={11} autoComplete="tel" data-testid="organ-contact-mobile" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="organ-create-submit">
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
