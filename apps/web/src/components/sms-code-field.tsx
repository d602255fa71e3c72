import { useState } from 'react';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { SMS_CODE_RE } from '@/lib/rules';
import { useCountdown } from '@/lib/use-countdown';

interface Props {
  /** The form holding the mobile field the code is sent to. */
  form: FormInstance;
  mobileField?: string;
  label: string;
  invalidMessage: string;
  placeholder?: string;
  sendText: string;
  resendText: (seconds: number) => string;
  /** Sends the code to the (already validated) mobile; rejects with the server's error. */
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
  const { form, mobileField = 'mobile', testIds } = props;
  const [left, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);

  async function sendCode() {
    try {
      await form.validateFields([mobileField]);
    } catch {
      return;
    }
    setSending(true);
    try {
      await props.send(String(form.getFieldValue(mobileField)).trim());
      startCountdown();
      props.onSent();
    } catch (e) {
      props.onError(e);
    } finally {
      setSending(false);
    }
  }

  return (
    <Form.Item label={props.label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="smsCode"
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
