import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '@mchweb/contract';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useSetStaffMerchants } from '../api/set-staff-merchants';
import { MerchantScopeInput, useMerchantScopeRules, type MerchantScopeValue } from '@/components/merchant-scope-input';
import { merchantScopeHint } from './merchant-scope-hint';
import { NS } from '../i18n';

/** Change the merchants a member (or an invitation) is limited to; the server's refusals show under the field. */
export function MerchantScopeModal({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ merchantIds: MerchantScopeValue }>();
  const save = useSetStaffMerchants();
  const value = Form.useWatch('merchantIds', form);
  const scopeRules = useMerchantScopeRules();
  const { onFinish, busy } = useServerForm(form, {
    submit: (v) => save.mutateAsync({ memberId: member.memberId, merchantIds: v.merchantIds ?? null }),
    onSuccess: () => {
      toast.success(t('scope.saved'));
      onClose();
    },
    fallback: 'merchantIds',
  });

  return (
    <Modal
      open
      title={t('scope.title', { who: member.name || member.mobile })}
      okText={t('roles.save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'scope-save' }}
      cancelButtonProps={{ 'data-testid': 'scope-cancel' }}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ merchantIds: member.merchantIds }}
      >
        <Form.Item
          name="merchantIds"
          label={t('scope.label')}
          rules={scopeRules}
          extra={merchantScopeHint(t, value === undefined ? member.merchantIds : value)}
        >
          <MerchantScopeInput known={member.merchants} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
