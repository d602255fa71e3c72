import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { MOBILE_RE } from '@/lib/rules';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useBindingMobile, type BindingMobileInput } from '../api/binding-mobile';
import { sendBindMobileCode } from '../api/send-sms';
import { SmsCodeField } from '@/components/sms-code-field';
import { NS } from '../i18n';

/**
 * Bind the contact mobile with an SMS code. bindingMobile is rejected silently by the request layer (S8.3),
 * so every refusal is shown here, beside the field its msg names.
 */
export function BindMobileForm({ initialMobile, onDone }: { initialMobile: string | null; onDone?: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<BindingMobileInput>();
  const bind = useBindingMobile();
  const { onFinish, busy, showError } = useServerForm(form, {
    submit: (v) => bind.mutateAsync({ mobile: v.mobile.trim(), smsCode: v.smsCode.trim() }),
    onSuccess: () => {
      toast.success(t('home.bindDone'));
      form.resetFields(['smsCode']);
      onDone?.();
    },
    fallback: 'smsCode',
  });

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
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
        onError={(e) => showError(e, 'mobile')}
        testIds={{ input: 'bind-sms-code', send: 'bind-send' }}
      />
      <Button type="primary" htmlType="submit" loading={busy} style={{ marginTop: 8 }} data-testid="bind-submit">
        {t('home.bind')}
      </Button>
    </Form>
  );
}
