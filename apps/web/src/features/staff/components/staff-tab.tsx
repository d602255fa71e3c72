import { useState } from 'react';
import { Button, Empty, Grid, Modal, Space, Table, Tag, Tooltip } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '@mchweb/contract';
import { Permission, useHasPermission } from '@/components/permission';
import { toast } from '@/lib/toast';
import { useRoleList } from '../api/role-list';
import { useRemoveStaff } from '../api/remove-staff';
import { useSetStaffStatus } from '../api/set-staff-status';
import { useStaffList } from '../api/staff-list';
import { ChangeRoleModal } from './change-role-modal';
import { InviteModal } from './invite-modal';
import { MerchantScopeModal } from './merchant-scope-modal';
import { LoadError } from '@/components/load-error';
import { roleLabel } from './role-label';
import { NS } from '../i18n';
import { businessTime } from '@/lib/business-time';

const STATUS_COLOR = { ACTIVE: 'green', DISABLED: 'red', INVITED: 'blue' } as const;

/** Members and invitations; changes behind `staff:edit` (the server refuses the same without it). */
export function StaffTab() {
  const { t } = useTranslation(NS);
  const staff = useStaffList();
  const setStatus = useSetStaffStatus();
  const removeStaff = useRemoveStaff();
  const roles = useRoleList();
  const canEdit = useHasPermission(['staff:edit']);
  const narrow = !Grid.useBreakpoint().md;
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<StaffMember | null>(null);
  const [scoping, setScoping] = useState<StaffMember | null>(null);
  const who = (m: StaffMember) => m.name || m.mobile;

  async function toggle(m: StaffMember) {
    const next = m.status === 'DISABLED' ? 'ACTIVE' : 'DISABLED';
    try {
      await setStatus.mutateAsync({ memberId: m.memberId, status: next });
    } catch {
      return; // refusals (yourself, the last owner) are toasted by the request layer
    }
    toast.success(t(next === 'ACTIVE' ? 'staff.enabled' : 'staff.disabled', { who: who(m) }));
  }

  function remove(m: StaffMember) {
    const invitation = m.status === 'INVITED';
    Modal.confirm({
      title: t(invitation ? 'staff.cancelInviteTitle' : 'staff.removeTitle', { who: who(m) }),
      content: invitation ? undefined : t('staff.removeText'),
      okText: invitation ? t('staff.cancelInvite') : t('staff.remove'),
      okButtonProps: { danger: true, 'data-testid': 'staff-remove-confirm' },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await removeStaff.mutateAsync({ memberId: m.memberId });
        } catch {
          return;
        }
        toast.success(t('staff.removed', { who: who(m) }));
      },
    });
  }

  if (staff.isError)
    return <LoadError title={t('staff.loadError')} error={staff.error} onRetry={() => void staff.refetch()} />;

  const actions = (m: StaffMember) => (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => setChanging(m)} data-testid={`staff-role-${m.mobile}`}>
        {t('staff.changeRole')}
      </Button>
      {/* An owner always sees every merchant: nothing to limit. */}
      {m.roleCode !== 'OWNER' && (
        <Button type="link" size="small" onClick={() => setScoping(m)} data-testid={`staff-scope-${m.mobile}`}>
          {t('scope.edit')}
        </Button>
      )}
      {/* Nobody disables or removes themselves (the server refuses); leaving is on /organ-select. */}
      {m.status !== 'INVITED' && !m.isSelf && (
        <Button
          type="link"
          size="small"
          danger={m.status === 'ACTIVE'}
          onClick={() => void toggle(m)}
          data-testid={`staff-toggle-${m.mobile}`}
        >
          {m.status === 'DISABLED' ? t('staff.enable') : t('staff.disable')}
        </Button>
      )}
      {!m.isSelf && (
        <Button type="link" size="small" danger onClick={() => remove(m)} data-testid={`staff-remove-${m.mobile}`}>
          {m.status === 'INVITED' ? t('staff.cancelInvite') : t('staff.remove')}
        </Button>
      )}
    </Space>
  );
  const statusTag = (s: StaffMember['status']) => (
    <Tag color={STATUS_COLOR[s]} title={s === 'INVITED' ? t('staff.invitedHint') : undefined}>
      {t(`memberStatus.${s}`)}
    </Tag>
  );
  /** "All merchants", or "2 merchants" naming them in a tooltip (those the viewer may see). */
  const scopeLabel = (m: StaffMember) => {
    if (m.merchantIds === null) return <span data-testid={`staff-scope-label-${m.mobile}`}>{t('scope.all')}</span>;
    const hidden = m.merchantIds.length - m.merchants.length;
    const names = [
      ...m.merchants.map((x) => `${x.name} (${x.mchNo})`),
      ...(hidden > 0 ? [t('scope.hidden', { count: hidden })] : []),
    ];
    return (
      <Tooltip
        title={
          <ul className="staff-scope-list">
            {names.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        }
      >
        <Tag className="staff-scope-tag" tabIndex={0} data-testid={`staff-scope-label-${m.mobile}`}>
          {t('scope.count', { count: m.merchantIds.length })}
        </Tag>
      </Tooltip>
    );
  };
  const narrowColumns = [
    {
      key: 'member',
      render: (_: unknown, m: StaffMember) => (
        <div>
          <Space size={4} wrap>
            <strong>{m.name || m.mobile}</strong>
            {m.isSelf && <Tag>{t('staff.you')}</Tag>}
            {statusTag(m.status)}
          </Space>
          <div className="staff-muted">
            {m.name ? `${m.mobile} · ` : ''}
            {roleLabel(t, m.roleCode, m.roleName)}
            {' · '}
            {scopeLabel(m)}
          </div>
          {canEdit && <div style={{ marginLeft: -8 }}>{actions(m)}</div>}
        </div>
      ),
    },
  ];
  const columns = [
    {
      title: t('col.mobile'),
      dataIndex: 'mobile',
      render: (mobile: string, m: StaffMember) => (
        <Space size={4}>
          {mobile}
          {m.isSelf && <Tag>{t('staff.you')}</Tag>}
        </Space>
      ),
    },
    { title: t('col.name'), dataIndex: 'name', render: (n: string | null) => n || '—' },
    {
      title: t('col.role'),
      key: 'role',
      render: (_: unknown, m: StaffMember) => roleLabel(t, m.roleCode, m.roleName),
    },
    {
      title: t('col.merchants'),
      key: 'merchants',
      render: (_: unknown, m: StaffMember) => scopeLabel(m),
    },
    {
      title: t('col.status'),
      dataIndex: 'status',
      render: statusTag,
    },
    {
      title: t('col.joined'),
      dataIndex: 'createdAt',
      render: (at: string) => businessTime(at, 'day'),
    },
    ...(canEdit
      ? [
          {
            title: t('col.actions'),
            key: 'actions',
            render: (_: unknown, m: StaffMember) => actions(m),
          },
        ]
      : []),
  ];

  return (
    <>
      <div className="staff-toolbar">
        <span />
        <Permission codes={['staff:edit']}>
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => setInviting(true)}
            disabled={!roles.data}
            data-testid="staff-invite"
          >
            {t('staff.invite')}
          </Button>
        </Permission>
      </div>
      <Table<StaffMember>
        rowKey="memberId"
        size="middle"
        loading={staff.isPending}
        dataSource={staff.data}
        columns={narrow ? narrowColumns : columns}
        showHeader={!narrow}
        pagination={false}
        scroll={narrow ? undefined : { x: 720 }}
        locale={{ emptyText: <Empty description={t('staff.empty')} /> }}
        data-testid="staff-table"
      />
      {inviting && roles.data && <InviteModal roles={roles.data} onClose={() => setInviting(false)} />}
      {changing && roles.data && (
        <ChangeRoleModal member={changing} roles={roles.data} onClose={() => setChanging(null)} />
      )}
      {scoping && <MerchantScopeModal member={scoping} onClose={() => setScoping(null)} />}
    </>
  );
}
