import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompanyInfo } from '@mchweb/contract';
import { MOBILE_RE } from '@/lib/rules';
import { storeCompanyInfo } from '@/lib/session';
import { toast } from '@/lib/toast';
import { bindingMobile } from '../api/binding-mobile';
import { sendBindMobileCode } from '../api/send-sms';
import { companyInfoQuery } from '../api/company-info';
import { serverFieldErrors } from '@/lib/form-errors';
import { SmsCodeField } from '@/components/sms-code-field';
import { NS } from '../i18n';

interface Values {
  mobile: string;
  smsCode: string;
}
const FIELDS = ['mobile', 'smsCode'] as const;

/**
 * Bind the contact mobile with an SMS code. bindingMobile is rejected silently by the request layer (S8.3),
 * so every refusal is shown here, beside the field its msg names.
 */
export function BindMobileForm({ initialMobile, onDone }: { initialMobile: string | null; onDone?: () => void }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  async function submit(v: Values) {
    setBusy(true);
    try {
      const info: CompanyInfo = await bindingMobile(v.mobile.trim(), v.smsCode.trim());
      storeCompanyInfo(info);
      queryClient.setQueryData(companyInfoQuery().queryKey, info);
      void queryClient.invalidateQueries({ queryKey: ['company', 'initStatus'] });
      toast.success(t('home.bindDone'));
      form.resetFields(['smsCode']);
      onDone?.();
    } catch (e) {
      form.setFields(serverFieldErrors(e, FIELDS, 'smsCode') as never);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={{ mobile: initialMobile ?? '' }}
      className="company-form"
      data-testid="bind-mobile-form"
    >
      <Form.Item
        name="mobile"
        label={t('field.contactMobile')}
        rules={[{ required: true, pattern: MOBILE_RE, message: t('rule.mobile') }]}
      >
        <Input inputMode="numeric" maxLength={11} autoComplete="tel" data-testid="bind-mobile" />
      </Form.Item>
      <SmsCodeField
        form={form}
        label={t('home.smsCode')}
        invalidMessage={t('rule.smsCode')}
        sendText={t('home.send')}
        resendText={(seconds) => t('home.resend', { seconds })}
        send={sendBindMobileCode}
        onSent={() => toast.success(t('home.sent'))}
        onError={(e) => form.setFields(serverFieldErrors(e, FIELDS, 'mobile') as never)}
        testIds={{ input: 'bind-sms-code', send: 'bind-send' }}
      />
      <Button type="primary" htmlType="submit" loading={busy} style={{ marginTop: 8 }} data-testid="bind-submit">
        {t('home.bind')}
      </Button>
    </Form>
  );
}
