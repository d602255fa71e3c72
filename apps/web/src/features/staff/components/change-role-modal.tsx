import { useState } from 'react';
import { Modal, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Role, StaffMember } from '@mchweb/contract';
import { toast } from '@/lib/toast';
import { setStaffRole } from '../api/set-staff-role';
import { roleLabel } from './role-label';
import { NS } from '../i18n';

/** Change a member's role; the server's refusals (last owner, Owner granted by a non-owner) are toasted. */
export function ChangeRoleModal({
  member,
  roles,
  onClose,
}: {
  member: StaffMember;
  roles: Role[];
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [roleId, setRoleId] = useState(member.roleId);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      await setStaffRole(member.memberId, roleId);
      toast.success(t('staff.roleChanged'));
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('staff.changeRoleTitle', { who: member.name || member.mobile })}
      okText={t('roles.save')}
      cancelText={t('cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: roleId === member.roleId, 'data-testid': 'role-change-save' }}
    >
      <Select
        style={{ width: '100%' }}
        value={roleId}
        onChange={setRoleId}
        aria-label={t('col.role')}
        data-testid="role-change-select"
        options={roles.map((r) => ({ value: r.roleId, label: roleLabel(t, r.code, r.name) }))}
      />
    </Modal>
  );
}
