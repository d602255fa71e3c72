import { useState } from 'react';
import { Button, Empty, Grid, Modal, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Role } from '@mchweb/contract';
import { Permission, useHasPermission } from '@/components/permission';
import { toast } from '@/lib/toast';
import { useDeleteRole } from '../api/delete-role';
import { useRoleList } from '../api/role-list';
import { LoadError } from '@/components/load-error';
import { RoleEditor } from './role-editor';
import { roleLabel } from './role-label';
import { NS } from '../i18n';

/** Built-in roles (read-only, permissions viewable) and custom roles (create, edit, delete with `role:edit`). */
export function RolesTab() {
  const { t } = useTranslation(NS);
  const roles = useRoleList();
  const deleteRole = useDeleteRole();
  const canEdit = useHasPermission(['role:edit']);
  const [editing, setEditing] = useState<{ role?: Role } | null>(null);
  const narrow = !Grid.useBreakpoint().md;

  function remove(role: Role) {
    Modal.confirm({
      title: t('roles.deleteTitle', { name: role.name }),
      okText: t('roles.delete'),
      okButtonProps: { danger: true, 'data-testid': 'role-delete-confirm' },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await deleteRole.mutateAsync({ roleId: role.roleId });
        } catch {
          return; // e.g. members still hold it: the request layer shows how many
        }
        toast.success(t('roles.deleted'));
      },
    });
  }

  if (roles.isError)
    return <LoadError title={t('roles.loadError')} error={roles.error} onRetry={() => void roles.refetch()} />;

  const custom = roles.data?.filter((r) => !r.builtIn) ?? [];
  return (
    <>
      <div className="staff-toolbar">
        <span className="staff-muted">{roles.data && custom.length === 0 ? t('roles.empty') : ''}</span>
        <Permission codes={['role:edit']}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="role-create">
            {t('roles.create')}
          </Button>
        </Permission>
      </div>
      <Table<Role>
        rowKey="roleId"
        size="middle"
        loading={roles.isPending}
        dataSource={roles.data}
        pagination={false}
        scroll={narrow ? undefined : { x: 560 }}
        locale={{ emptyText: <Empty /> }}
        data-testid="role-table"
        columns={[
          {
            title: t('roles.name'),
            key: 'name',
            render: (_, r) => (
              <Space size={4} wrap>
                {roleLabel(t, r.code, r.name)}
                {r.builtIn ? <Tag>{t('roles.builtIn')}</Tag> : <Tag color="purple">{t('roles.custom')}</Tag>}
              </Space>
            ),
          },
          ...(narrow
            ? []
            : [
                {
                  title: t('col.permissions'),
                  key: 'perms',
                  render: (_: unknown, r: Role) => t('roles.count', { count: r.permissions.length }),
                },
                { title: t('col.members'), dataIndex: 'memberCount' },
              ]),
          {
            title: t('col.actions'),
            key: 'actions',
            render: (_, r) =>
              r.builtIn || !canEdit ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing({ role: r })}
                  data-testid={`role-view-${r.code ?? r.name}`}
                >
                  {t('roles.view')}
                </Button>
              ) : (
                <Space size={0} wrap>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing({ role: r })}
                    data-testid={`role-edit-${r.name}`}
                  >
                    {t('roles.edit')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => remove(r)}
                    data-testid={`role-delete-${r.name}`}
                  >
                    {t('roles.delete')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      {editing && (
        <RoleEditor
          role={editing.role}
          readOnly={Boolean(editing.role?.builtIn) || !canEdit}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
