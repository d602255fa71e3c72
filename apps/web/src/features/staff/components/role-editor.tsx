import { useMemo, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Skeleton, Space, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@mchweb/contract';
import { isPermission, type Permission } from '@mchweb/contract/permissions';
import { hasAnyButton, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useRoleCatalogue } from '../api/role-catalogue';
import { useSaveRole } from '../api/save-role';
import { buildPermTree, checkedKeysOf, permissionsOf } from './permission-tree';
import { LoadError } from '@/components/load-error';
import { roleLabel } from './role-label';
import { useServerForm } from '@/lib/use-server-form';
import { NS } from '../i18n';

/**
 * A role's menus and buttons as a checkable tree. `role` undefined: a new custom role. Built-in roles open
 * read-only. What the editor's own role lacks is greyed out (the server refuses granting it).
 */
export function RoleEditor({ role, readOnly, onClose }: { role?: Role; readOnly: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tm } = useTranslation('menu');
  const { buttonData } = useSession();
  const catalogue = useRoleCatalogue();
  const [form] = Form.useForm<{ name: string }>();
  const [permissions, setPermissions] = useState<Permission[]>(role?.permissions.filter(isPermission) ?? []);
  const saveRole = useSaveRole();
  // A refusal naming no field of the form (e.g. a permission the editor may not grant) shows above the tree.
  const {
    onFinish,
    busy,
    error: refusal,
  } = useServerForm(form, {
    submit: ({ name }) => saveRole.mutateAsync({ roleId: role?.roleId, name: name.trim(), permissions }),
    onSuccess: () => {
      toast.success(t('roles.saved'));
      onClose();
    },
  });

  const tree = useMemo(
    () =>
      catalogue.data
        ? buildPermTree(
            catalogue.data,
            {
              group: (c) => tm(c),
              page: (c) => tm(c),
              permission: (p) => t(`perm.${p.replace(':', '.')}`),
              openPage: t('roles.openPage'),
              everyone: t('roles.everyone'),
            },
            (p) => readOnly || hasAnyButton([p], buttonData),
          )
        : null,
    [catalogue.data, t, tm, buttonData, readOnly],
  );

  const title = readOnly
    ? t('roles.editorView', { name: roleLabel(t, role!.code, role!.name) })
    : role
      ? t('roles.editorEdit')
      : t('roles.editorNew');

  return (
    <Drawer
      open
      title={title}
      onClose={onClose}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      data-testid="role-editor"
      extra={
        !readOnly && (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="role-save">
              {t('roles.save')}
            </Button>
          </Space>
        )
      }
    >
      {readOnly ? (
        role?.builtIn && <Alert type="info" showIcon title={t('roles.builtInReadOnly')} style={{ marginBottom: 16 }} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ name: role?.name ?? '' }}
          onFinish={onFinish}
          // the name is above the tree the user was working in
          onFinishFailed={() => form.scrollToField('name')}
        >
          <Form.Item
            name="name"
            label={t('roles.name')}
            rules={[{ required: true, whitespace: true, max: 30, message: t('roles.nameRule') }]}
          >
            <Input maxLength={30} data-testid="role-name" />
          </Form.Item>
        </Form>
      )}
      {refusal && (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="role-refusal" />
      )}
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('roles.tree')} · {t('roles.count', { count: permissions.length })}
      </Typography.Title>
      {!readOnly && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
          {t('roles.treeHint')} {t('roles.cannotGrant')}
        </Typography.Paragraph>
      )}
      {catalogue.isError ? (
        <LoadError title={t('roles.loadError')} error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      ) : !tree ? (
        <Skeleton active />
      ) : (
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          disabled={readOnly}
          treeData={tree.nodes}
          titleRender={(node) => <span data-testid={`perm-${String(node.key)}`}>{String(node.title)}</span>}
          checkedKeys={checkedKeysOf(permissions, tree)}
          onCheck={(checked) => {
            const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
            setPermissions(permissionsOf(keys, tree));
          }}
          data-testid="role-tree"
        />
      )}
    </Drawer>
  );
}
