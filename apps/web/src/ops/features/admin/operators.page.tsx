import { useState } from 'react';
import { Button, Card, Descriptions, Dropdown, Empty, Flex, Table, Tag, type TableColumnsType } from 'antd';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OperatorItem } from '@mchweb/contract/ops/schemas';
import { OPS_ROLE_PERMISSIONS, OPS_ROLES } from '@mchweb/contract/ops/permissions';
import { LoadError } from '@/components/load-error';
import { fieldOf } from '@/lib/api';
import { businessTime } from '@/lib/business-time';
import { toast } from '@/lib/toast';
import { OpsPageHeader } from '../../components/ops-page';
import { ReasonDialog } from '../../components/reason-dialog';
import { useOperatorAction, useOperators, type OperatorAction } from './api';
import { ADMIN_NS } from './i18n';
import { OperatorForm } from './operator-form';

/** /ops/operators: the operators, their roles and authenticators; the roles' permissions below. */
export default function OperatorsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const operators = useOperators();
  const act = useOperatorAction();
  const [form, setForm] = useState<{ editing: OperatorItem | null } | null>(null);
  const [asking, setAsking] = useState<{ action: OperatorAction; operator: OperatorItem } | null>(null);
  const run = (action: OperatorAction, operator: OperatorItem) =>
    action === 'enable'
      ? void act.mutateAsync({ action, operatorId: operator.operatorId }).then(
          () => toast.success(t('operators.enabled')),
          (e: unknown) => toast.error(fieldOf(e).message),
        )
      : setAsking({ action, operator });
  const columns: TableColumnsType<OperatorItem> = [
    { title: t('operators.col.name'), dataIndex: 'name' },
    { title: t('operators.col.username'), dataIndex: 'username' },
    {
      title: t('operators.col.roles'),
      dataIndex: 'roles',
      render: (roles: OperatorItem['roles']) => roles.map((r) => <Tag key={r}>{t(`roles.${r}`)}</Tag>),
    },
    {
      title: t('operators.col.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: OperatorItem['status']) => (
        <Tag color={s === 'ACTIVE' ? 'green' : 'default'}>{t(`operators.status.${s}`)}</Tag>
      ),
    },
    {
      title: t('operators.col.totp'),
      dataIndex: 'totpEnrolled',
      width: 170,
      render: (v: boolean) => (v ? t('operators.enrolled') : <Tag color="gold">{t('operators.notEnrolled')}</Tag>),
    },
    {
      title: t('operators.col.lastSignIn'),
      dataIndex: 'lastSignInAt',
      width: 160,
      render: (v: string | null) => (v ? businessTime(v, 'minute') : '—'),
    },
    {
      key: 'more',
      width: 60,
      fixed: 'right',
      render: (_, op) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'edit', label: t('operators.edit') },
              { key: 'resetTotp', label: t('operators.resetTotp') },
              op.status === 'ACTIVE'
                ? { key: 'disable', label: t('operators.disable'), danger: true }
                : { key: 'enable', label: t('operators.enable') },
            ],
            onClick: ({ key }) => (key === 'edit' ? setForm({ editing: op }) : run(key as OperatorAction, op)),
          }}
        >
          <Button type="text" icon={<MoreOutlined />} aria-label={op.name} />
        </Dropdown>
      ),
    },
  ];
  return (
    <>
      <OpsPageHeader
        title={t('operators.title')}
        intro={t('operators.intro')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ editing: null })}>
            {t('operators.add')}
          </Button>
        }
      />
      {operators.isError ? (
        <LoadError title={t('operators.loadError')} error={operators.error} onRetry={() => void operators.refetch()} />
      ) : (
        <Table<OperatorItem>
          rowKey="operatorId"
          size="middle"
          loading={operators.isPending}
          dataSource={operators.data ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 960 }}
          locale={{
            emptyText: operators.isPending ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('operators.empty')} />
            ),
          }}
          data-testid="ops-operators"
        />
      )}
      <Card title={t('roles.title')} size="small" className="ops-section">
        <Descriptions column={1} size="small">
          {OPS_ROLES.map((role) => (
            <Descriptions.Item key={role} label={t(`roles.${role}`)}>
              {/* Wrapped: on a phone a role's codes ran off the card's edge in one line. */}
              <Flex wrap gap={4}>
                {OPS_ROLE_PERMISSIONS[role].map((p) => (
                  <Tag key={p}>{p}</Tag>
                ))}
              </Flex>
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <OperatorForm open={form !== null} editing={form?.editing ?? null} onClose={() => setForm(null)} />
      <ReasonDialog
        open={asking !== null}
        title={
          asking
            ? t(asking.action === 'disable' ? 'operators.disableTitle' : 'operators.resetTitle', {
                name: asking.operator.name,
              })
            : ''
        }
        intro={asking ? t(asking.action === 'disable' ? 'operators.disableIntro' : 'operators.resetIntro') : undefined}
        okText={asking ? t(`operators.${asking.action}`) : ''}
        danger
        onSubmit={(reason) =>
          act
            .mutateAsync({ action: asking!.action, operatorId: asking!.operator.operatorId, reason })
            .then(() => toast.success(t('operators.done')))
        }
        onClose={() => setAsking(null)}
      />
    </>
  );
}
