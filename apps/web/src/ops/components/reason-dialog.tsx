import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerForm } from '@/lib/use-server-form';
import { SHARED_NS } from './i18n';

/**
 * A dialog that asks why before an action (freeze, close, refuse...): the reason is required, the server's refusal
 * is shown beside it, and the dialog closes only when the action succeeded.
 */
export function ReasonDialog({
  open,
  title,
  intro,
  okText,
  danger,
  placeholder,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  intro?: string;
  okText: string;
  danger?: boolean;
  placeholder?: string;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(SHARED_NS);
  const [form] = Form.useForm<{ reason: string }>();
  const server = useServerForm(form, {
    submit: ({ reason }) => onSubmit(reason),
    onSuccess: () => {
      form.resetFields();
      onClose();
    },
    fallback: 'reason',
  });
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: server.busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {intro && <p>{intro}</p>}
      <Form form={form} layout="vertical" onFinish={server.onFinish}>
        <Form.Item
          name="reason"
          label={t('reason.label')}
          rules={[{ required: true, whitespace: true, message: t('reason.required') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={placeholder ?? t('reason.placeholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
