import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePassword } from '@/features/auth/api/change-password';
import { toast } from '@/lib/toast';
import { PASSWORD_RE } from '@/lib/rules';
import { useServerForm } from '@/lib/use-server-form';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Change password (POST /user/changePassword); the server ends the user's other sessions. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { onFinish, busy } = useServerForm(form, {
    submit: (v) => changePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword }),
    onSuccess: () => {
      toast.success(t('password.changed'));
      form.resetFields();
      onClose();
    },
    fallback: 'oldPassword',
  });
  return (
    <Modal
      open={open}
      title={t('password.title')}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          name="oldPassword"
          label={t('password.old')}
          rules={[{ required: true, message: t('form.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          extra={t('password.rule')}
          rules={[
            { required: true, message: t('form.required') },
            { pattern: PASSWORD_RE, message: t('password.rule') },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('form.required') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
