import { Form, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPost, fieldOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { PASSWORD_RE } from '@/lib/rules';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Change password (POST /user/changePassword); the server ends the user's other sessions. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const change = useMutation({
    mutationFn: (v: Values) =>
      apiPost('/user/changePassword', { oldPassword: v.oldPassword, newPassword: v.newPassword }, { quiet: true }),
    onSuccess: () => {
      toast.success(t('password.changed'));
      form.resetFields();
      onClose();
    },
    onError: (error) => {
      const { field, message } = fieldOf(error);
      const name = field === 'oldPassword' || field === 'newPassword' ? field : 'oldPassword';
      form.setFields([{ name, errors: [field ? message : fieldOf(error).message] }]);
    },
  });
  return (
    <Modal
      open={open}
      title={t('password.title')}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => change.mutate(v)} requiredMark={false}>
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
