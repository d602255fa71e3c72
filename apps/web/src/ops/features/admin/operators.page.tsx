import { useState } from 'react';
import { Button, Card, Descriptions, Dropdown, Flex, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OperatorItem } from '@mchweb/contract/ops/schemas';
import { OPS_ROLE_PERMISSIONS, OPS_ROLES } from '@mchweb/contract/ops/permissions';
import { fieldOf } from '@/lib/api';
import { businessTime } from '@/lib/business-time';
import { toast } from '@/lib/toast';
import { OpsTable } from '../../components/ops-list';
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
  const roles = (op: OperatorItem) => op.roles.map((r) => <Tag key={r}>{t(`roles.${r}`)}</Tag>);
  const status = (op: OperatorItem) => (
    <Tag color={op.status === 'ACTIVE' ? 'green' : 'default'}>{t(`operators.status.${op.status}`)}</Tag>
  );
  const totp = (op: OperatorItem) =>
    op.totpEnrolled ? t('operators.enrolled') : <Tag color="gold">{t('operators.notEnrolled')}</Tag>;
  const lastSignIn = (op: OperatorItem) => (op.lastSignInAt ? businessTime(op.lastSignInAt, 'minute') : '—');
  const more = (op: OperatorItem) => (
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
  );
  const columns: TableColumnsType<OperatorItem> = [
    { title: t('operators.col.name'), dataIndex: 'name' },
    { title: t('operators.col.username'), dataIndex: 'username' },
    { title: t('operators.col.roles'), key: 'roles', render: (_, op) => roles(op) },
    { title: t('operators.col.status'), key: 'status', width: 100, render: (_, op) => status(op) },
    { title: t('operators.col.totp'), key: 'totp', width: 170, render: (_, op) => totp(op) },
    { title: t('operators.col.lastSignIn'), key: 'lastSignIn', width: 160, render: (_, op) => lastSignIn(op) },
    { key: 'more', width: 60, fixed: 'right', render: (_, op) => more(op) },
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
      <OpsTable<OperatorItem>
        query={operators}
        rowKey="operatorId"
        columns={columns}
        scrollX={960}
        testId="ops-operators"
        empty={t('operators.empty')}
        loadErrorTitle={t('operators.loadError')}
        card={(op) => (
          <div className="ops-card-row">
            <div className="ops-card-row-head">
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{op.name}</Typography.Text>
                <Typography.Text type="secondary">{op.username}</Typography.Text>
              </Space>
              <Space size={4}>
                {status(op)}
                {more(op)}
              </Space>
            </div>
            <Flex wrap gap={4}>
              {roles(op)}
            </Flex>
            {/* A label grey, its value not: the phone has no column header to say what the value is. */}
            <span>
              <Typography.Text type="secondary">{t('operators.col.totp')}</Typography.Text> {totp(op)}
            </span>
            <span>
              <Typography.Text type="secondary">{t('operators.col.lastSignIn')}</Typography.Text> {lastSignIn(op)}
            </span>
          </div>
        )}
      />
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
