import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanyInfo } from '@mchweb/contract';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useUpdateCompany, type UpdateCompanyInput } from '../api/update-company';
import { NS } from '../i18n';

/** The owner's profile editor (updateCompany); the header's organisation name follows the stored info. */
export function EditCompanyModal({ info, open, onClose }: { info: CompanyInfo; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<UpdateCompanyInput>();
  const update = useUpdateCompany();
  const { onFinish, busy } = useServerForm(form, {
    submit: (v) =>
      update.mutateAsync({
        companyName: v.companyName.trim(),
        contactName: v.contactName.trim(),
        address: v.address?.trim() ?? '',
      }),
    onSuccess: () => {
      toast.success(t('home.saved'));
      onClose();
    },
    fallback: 'companyName',
  });

  return (
    <Modal
      open={open}
      title={t('home.editTitle')}
      okText={t('home.save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'company-edit-save' }}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        preserve={false}
        onFinish={onFinish}
        initialValues={{ companyName: info.companyName, contactName: info.contactName, address: info.address ?? '' }}
      >
        <Form.Item
          name="companyName"
          label={t('field.companyName')}
          rules={[{ required: true, whitespace: true, min: 2, max: 100, message: t('rule.companyName') }]}
        >
          <Input maxLength={100} data-testid="company-edit-name" />
        </Form.Item>
        <Form.Item
          name="contactName"
          label={t('field.contactName')}
          rules={[{ required: true, whitespace: true, max: 50, message: t('rule.contactName') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="address" label={t('field.address')} rules={[{ max: 200 }]}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
