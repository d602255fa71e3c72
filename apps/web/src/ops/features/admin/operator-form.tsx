import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OperatorItem } from '@mchweb/contract/ops/schemas';
import { OPS_ROLES } from '@mchweb/contract/ops/permissions';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useCreateOperator, useUpdateOperator, type OperatorCreateInput } from './api';
import { ADMIN_NS } from './i18n';

/** Add an operator (name, account, roles, first password), or change an operator's name and roles. */
export function OperatorForm({
  editing,
  open,
  onClose,
}: {
  /** The operator being changed; null to add one. */
  editing: OperatorItem | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const create = useCreateOperator();
  const update = useUpdateOperator();
  const [form] = Form.useForm<OperatorCreateInput>();
  const server = useServerForm(form, {
    submit: (values) =>
      editing
        ? update.mutateAsync({ operatorId: editing.operatorId, name: values.name, roles: values.roles })
        : create.mutateAsync({ ...values, mobile: values.mobile?.trim() || undefined }),
    onSuccess: () => {
      toast.success(editing ? t('operators.saved') : t('operators.created'));
      onClose();
    },
    fallback: editing ? 'roles' : 'password',
  });
  const required = { required: true, message: t('form.required') };
  return (
    <Modal
      open={open}
      title={editing ? t('form.editTitle', { name: editing.name }) : t('form.createTitle')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: server.busy }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={server.onFinish}
        preserve={false}
        initialValues={editing ? { name: editing.name, roles: editing.roles } : { roles: ['REVIEWER'] }}
      >
        <Form.Item name="name" label={t('form.name')} rules={[required]}>
          <Input maxLength={50} />
        </Form.Item>
        {!editing && (
          <>
            <Form.Item name="username" label={t('form.username')} extra={t('form.usernameHint')} rules={[required]}>
              <Input maxLength={32} autoComplete="off" />
            </Form.Item>
            <Form.Item name="mobile" label={t('form.mobile')}>
              <Input maxLength={11} inputMode="tel" />
            </Form.Item>
          </>
        )}
        <Form.Item name="roles" label={t('form.roles')} rules={[required]}>
          <Select mode="multiple" options={OPS_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </Form.Item>
        {!editing && (
          <Form.Item name="password" label={t('form.password')} rules={[required]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
