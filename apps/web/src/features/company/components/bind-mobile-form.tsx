import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { MOBILE_RE } from '@/lib/rules';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useBindingMobile, type BindingMobileInput } from '../api/binding-mobile';
import { sendBindMobileCode, sendChangeMobileCode } from '../api/send-sms';
import { SmsCodeField } from '@/components/sms-code-field';
import { NS } from '../i18n';

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/**
 * Bind the contact mobile with an SMS code. bindingMobile is rejected silently by the request layer (S8.3),
 * so every refusal is shown here, beside the field its msg names. Moving it to another number is the owner's
 * and takes a second code, sent to the current contact mobile (issue 25.7): others see the number read-only.
 */
export function BindMobileForm({
  initialMobile,
  isOwner,
  onDone,
}: {
  initialMobile: string | null;
  isOwner: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<BindingMobileInput>();
  const bind = useBindingMobile();
  const typed = Form.useWatch('mobile', form)?.trim() ?? '';
  const moving = Boolean(initialMobile) && typed !== '' && typed !== initialMobile;
  const { onFinish, busy, showError } = useServerForm(form, {
    submit: (v) =>
      bind.mutateAsync({
        mobile: v.mobile.trim(),
        smsCode: v.smsCode.trim(),
        ...(moving ? { oldSmsCode: v.oldSmsCode?.trim() } : {}),
      }),
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
        extra={isOwner ? undefined : t('home.mobileOwnerOnly')}
      >
        <Input inputMode="numeric" maxLength={11} autoComplete="tel" readOnly={!isOwner} data-testid="bind-mobile" />
      </Form.Item>
      {moving && initialMobile && (
        <SmsCodeField
          form={form}
          name="oldSmsCode"
          mobileField={null}
          label={t('home.oldSmsCode')}
          extra={t('home.oldSmsCodeExtra', { mobile: masked(initialMobile) })}
          invalidMessage={t('rule.smsCode')}
          sendText={t('home.send')}
          resendText={(seconds) => t('home.resend', { seconds })}
          send={sendChangeMobileCode}
          onSent={() => toast.success(t('home.oldSent'))}
          onError={(e) => showError(e, 'oldSmsCode')}
          testIds={{ input: 'bind-old-sms-code', send: 'bind-old-send' }}
        />
      )}
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
