import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompanyInfo } from '@mchweb/contract';
import { storeCompanyInfo } from '@/lib/session';
import { toast } from '@/lib/toast';
import { updateCompany, type UpdateCompanyInput } from '../api/update-company';
import { companyInfoQuery } from '../api/company-info';
import { serverFieldErrors } from '@/lib/form-errors';
import { NS } from '../i18n';

const FIELDS = ['companyName', 'contactName', 'address'] as const;

/** The owner's profile editor (updateCompany); the header's organisation name follows the stored info. */
export function EditCompanyModal({ info, open, onClose }: { info: CompanyInfo; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UpdateCompanyInput>();
  const [busy, setBusy] = useState(false);

  async function save() {
    let v: UpdateCompanyInput;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const next = await updateCompany({
        companyName: v.companyName.trim(),
        contactName: v.contactName.trim(),
        address: v.address?.trim() ?? '',
      });
      storeCompanyInfo(next);
      queryClient.setQueryData(companyInfoQuery().queryKey, next);
      void queryClient.invalidateQueries({ queryKey: ['company', 'list'] });
      toast.success(t('home.saved'));
      onClose();
    } catch (e) {
      form.setFields(serverFieldErrors(e, FIELDS, 'companyName') as never);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('home.editTitle')}
      okText={t('home.save')}
      cancelText={t('cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'organ-edit-save' }}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        preserve={false}
        initialValues={{ companyName: info.companyName, contactName: info.contactName, address: info.address ?? '' }}
      >
        <Form.Item
          name="companyName"
          label={t('field.companyName')}
          rules={[{ required: true, whitespace: true, min: 2, max: 100, message: t('rule.companyName') }]}
        >
          <Input maxLength={100} data-testid="organ-edit-name" />
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
