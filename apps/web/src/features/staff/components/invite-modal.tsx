import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@mchweb/contract';
import { MOBILE_RE } from '@/lib/rules';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useInviteStaff, type InviteStaffInput } from '../api/invite-staff';
import { MerchantScopeInput, useMerchantScopeRules } from '@/components/merchant-scope-input';
import { merchantScopeHint } from './merchant-scope-hint';
import { roleLabel } from './role-label';
import { NS } from '../i18n';

/** Invite by mobile: an invitation, whether or not the mobile has an account; it joins when its holder accepts. */
export function InviteModal({ roles, onClose }: { roles: Role[]; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<InviteStaffInput>();
  const invite = useInviteStaff();
  const roleId = Form.useWatch('roleId', form);
  const merchantIds = Form.useWatch('merchantIds', form);
  const scopeRules = useMerchantScopeRules();
  const ownerRole = roles.find((r) => r.roleId === roleId)?.code === 'OWNER';
  const { onFinish, busy } = useServerForm(form, {
    submit: (v) =>
      invite.mutateAsync({
        mobile: v.mobile.trim(),
        roleId: v.roleId,
        name: v.name?.trim() || undefined,
        // An owner always sees every merchant.
        merchantIds: ownerRole ? null : (v.merchantIds ?? null),
      }),
    onSuccess: (member) => {
      toast.success(t('staff.invited', { mobile: member.mobile }));
      onClose();
    },
    fallback: 'mobile',
  });

  return (
    <Modal
      open
      title={t('staff.inviteTitle')}
      okText={t('staff.invite')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'invite-submit' }}
      cancelButtonProps={{ 'data-testid': 'invite-cancel' }}
    >
      <Alert type="info" showIcon title={t('staff.inviteHint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ merchantIds: null }}
      >
        <Form.Item
          name="mobile"
          label={t('col.mobile')}
          rules={[{ required: true, pattern: MOBILE_RE, message: t('staff.mobileRule') }]}
        >
          <Input inputMode="numeric" maxLength={11} data-testid="invite-mobile" />
        </Form.Item>
        <Form.Item name="name" label={t('col.name')} rules={[{ max: 50, message: t('staff.nameRule') }]}>
          <Input maxLength={50} placeholder={t('staff.namePlaceholder')} data-testid="invite-name" />
        </Form.Item>
        <Form.Item name="roleId" label={t('col.role')} rules={[{ required: true, message: t('staff.roleRequired') }]}>
          <Select
            data-testid="invite-role"
            options={roles.map((r) => ({ value: r.roleId, label: roleLabel(t, r.code, r.name) }))}
          />
        </Form.Item>
        <Form.Item
          name="merchantIds"
          label={t('scope.label')}
          rules={ownerRole ? [] : scopeRules}
          extra={merchantScopeHint(t, merchantIds, ownerRole)}
        >
          <MerchantScopeInput locked={ownerRole} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
