import { useState } from 'react';
import { Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role, StaffMember } from '@mchweb/contract';
import { toast } from '@/lib/toast';
import { useSetStaffRole } from '../api/set-staff-role';
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
  const [roleId, setRoleId] = useState(member.roleId);
  const setRole = useSetStaffRole();

  function save() {
    // A refusal is shown by the request layer; the dialog stays open.
    setRole.mutate(
      { memberId: member.memberId, roleId },
      {
        onSuccess: () => {
          toast.success(t('staff.roleChanged'));
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      open
      title={t('staff.changeRoleTitle', { who: member.name || member.mobile })}
      okText={t('roles.save')}
      cancelText={t('cancel')}
      onOk={save}
      onCancel={onClose}
      confirmLoading={setRole.isPending}
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
