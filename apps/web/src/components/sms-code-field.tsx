import { useState, type ReactNode } from 'react';
import { Button, Form, Space, type FormInstance } from 'antd';
// Per component: antd's Input index carries OTP, Search and TextArea along (on /register, a first visit).
import Input from 'antd/es/input/Input';
import { SMS_CODE_RE } from '@/lib/rules';
import { resendAfter, useCountdown } from '@/lib/use-countdown';

interface Props {
  /** The form holding the mobile field the code is sent to. */
  form: FormInstance;
  /** The field holding the mobile; null when the server knows where the code goes (the contact mobile). */
  mobileField?: string | null;
  /** The code's own field, `smsCode` unless the form asks for two codes. */
  name?: string;
  label: string;
  /** A line under the field (where the code goes). */
  extra?: ReactNode;
  invalidMessage: string;
  placeholder?: string;
  sendText: string;
  resendText: (seconds: number) => string;
  /**
   * Sends the code to the (already validated) mobile; rejects with the server's error. An answer carrying
   * `resendAfterSeconds` sets the countdown.
   */
  send: (mobile: string) => Promise<unknown>;
  onSent: () => void;
  onError: (error: unknown) => void;
  testIds: { input: string; send: string };
}

/**
 * The `smsCode` field with its send button: the mobile field is checked first, then the code is sent and the
 * button counts down 60 s before another may be asked for (the server refuses earlier ones too).
 */
export function SmsCodeField(props: Props) {
  const { form, mobileField = 'mobile', name = 'smsCode', testIds } = props;
  const [left, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);

  async function sendCode() {
    try {
      if (mobileField) await form.validateFields([mobileField]);
    } catch {
      return;
    }
    setSending(true);
    try {
      const answer = await props.send(mobileField ? String(form.getFieldValue(mobileField)).trim() : '');
      startCountdown(resendAfter(answer));
      props.onSent();
    } catch (e) {
      props.onError(e);
    } finally {
      setSending(false);
    }
  }

  return (
    <Form.Item label={props.label} required extra={props.extra}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name={name}
          noStyle
          rules={[{ required: true, pattern: SMS_CODE_RE, message: props.invalidMessage }]}
        >
          <Input
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder={props.placeholder}
            aria-label={props.label}
            data-testid={testIds.input}
          />
        </Form.Item>
        <Button
          onClick={sendCode}
          disabled={left > 0}
          loading={sending}
          data-testid={testIds.send}
          style={{ minWidth: 132 }}
        >
          {left > 0 ? props.resendText(left) : props.sendText}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
