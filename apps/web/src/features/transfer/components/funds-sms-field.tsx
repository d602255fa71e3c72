import { useState } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { SmsCodeField } from '@/components/sms-code-field';
import { toast } from '@/lib/toast';
import { sendFundsSms, type FundsSmsInput } from '../api/send-funds-sms';
import { NS } from '../i18n';

/**
 * The `smsCode` field of a sensitive step (adding a payee, a transfer above the threshold): the code goes to the
 * organisation's contact mobile, shown masked (from the rules when known, then from the send's answer), and the
 * button counts down the seconds the server asks for. A refusal to send goes beside the field.
 */
export function FundsSmsField({
  form,
  purpose,
  mobile,
  onError,
  testIds,
}: {
  form: FormInstance;
  purpose: FundsSmsInput['purpose'];
  /** The contact mobile masked, when known before sending. */
  mobile: string | null | undefined;
  onError: (error: unknown) => void;
  testIds: { input: string; send: string };
}) {
  const { t } = useTranslation(NS);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const shown = sentTo ?? mobile;
  return (
    <SmsCodeField
      form={form}
      mobileField={null}
      label={t('sms.label')}
      extra={
        <span data-testid={`${testIds.input}-to`}>
          {shown ? t('sms.sentTo', { mobile: shown }) : t('sms.toContact')}
        </span>
      }
      invalidMessage={t('sms.invalid')}
      sendText={t('sms.send')}
      resendText={(seconds) => t('sms.resend', { seconds })}
      send={async () => {
        const answer = await sendFundsSms({ purpose });
        setSentTo(answer.mobileMasked);
        toast.success(t('sms.sent', { mobile: answer.mobileMasked }));
        return answer;
      }}
      onSent={() => undefined}
      onError={onError}
      testIds={testIds}
    />
  );
}
