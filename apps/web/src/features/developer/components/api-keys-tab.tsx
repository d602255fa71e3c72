import { useState } from 'react';
import { Button, Empty, Grid, Modal, Skeleton, Space, Table, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiKey, CreatedApiKey } from '@mchweb/contract';
import { LoadError } from '@/components/load-error';
import { businessTime } from '@/lib/business-time';
import { toast } from '@/lib/toast';
import { useApiKeyList } from '../api/api-key-list';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { CreateKeyModal } from './create-key-modal';
import { KeySecretModal } from './key-secret-modal';
import { NS, SCOPE_KEY } from '../i18n';
import './developer.css';

/** The organisation's API keys: create (the secret shown once), see their use, revoke. */
export function ApiKeysTab() {
  const { t } = useTranslation(NS);
  const keys = useApiKeyList();
  const revoke = useRevokeApiKey();
  const narrow = !Grid.useBreakpoint().md;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  function confirmRevoke(key: ApiKey) {
    Modal.confirm({
      title: t('keys.revokeTitle', { name: key.name }),
      content: t('keys.revokeText'),
      okText: t('keys.revoke'),
      okButtonProps: { danger: true, 'data-testid': 'key-revoke-confirm' },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await revoke.mutateAsync(key.keyId);
        } catch {
          return; // toasted by the request layer
        }
        toast.success(t('keys.revoked', { name: key.name }));
      },
    });
  }

  if (keys.isError) {
    return <LoadError title={t('keys.loadError')} error={keys.error} onRetry={() => void keys.refetch()} />;
  }

  const merchantsOf = (k: ApiKey) =>
    k.merchantIds === null ? (
      t('keys.allMerchants')
    ) : (
      <Tooltip title={k.merchants.map((m) => `${m.name} (${m.mchNo})`).join(', ')}>
        <Tag className="developer-tag" tabIndex={0}>
          {t('keys.merchantCount', { count: k.merchantIds.length })}
        </Tag>
      </Tooltip>
    );
  const scopesOf = (k: ApiKey) => (
    <Space size={[4, 4]} wrap>
      {k.scopes.map((s) => (
        <Tag key={s} className="developer-tag" title={t(`scope.${s}`, SCOPE_KEY)}>
          {s}
        </Tag>
      ))}
    </Space>
  );
  const statusOf = (k: ApiKey) => (
    <Tag color={k.status === 'ACTIVE' ? 'green' : 'default'} data-testid={`key-status-${k.keyId}`}>
      {t(`keys.status.${k.status}`)}
    </Tag>
  );
  const prefixOf = (k: ApiKey) => (
    <Space size={4}>
      <code className="developer-prefix">{k.prefix}_…</code>
      {k.mode === 'test' && <Tag color="orange">{t('keys.testMode')}</Tag>}
    </Space>
  );
  const revokeButton = (k: ApiKey) =>
    k.status === 'ACTIVE' && (
      <Button type="link" size="small" danger onClick={() => confirmRevoke(k)} data-testid={`key-revoke-${k.keyId}`}>
        {t('keys.revoke')}
      </Button>
    );
  const lastUsed = (k: ApiKey) => (k.lastUsedAt ? businessTime(k.lastUsedAt, 'minute') : t('keys.never'));

  const columns = narrow
    ? [
        {
          key: 'key',
          render: (_: unknown, k: ApiKey) => (
            <div className="developer-card">
              <Space size={4} wrap>
                <strong>{k.name}</strong>
                {statusOf(k)}
              </Space>
              <div>{prefixOf(k)}</div>
              <div>{scopesOf(k)}</div>
              <div className="developer-muted">
                {t('keys.col.merchants')}: {merchantsOf(k)}
              </div>
              <div className="developer-muted">
                {t('keys.col.created')} {businessTime(k.createdAt, 'minute')} · {t('keys.col.lastUsed')} {lastUsed(k)}
              </div>
              <div style={{ marginLeft: -8 }}>{revokeButton(k)}</div>
            </div>
          ),
        },
      ]
    : [
        {
          title: t('keys.col.name'),
          key: 'name',
          render: (_: unknown, k: ApiKey) => (
            <div>
              <strong>{k.name}</strong>
              {k.createdBy && <div className="developer-muted">{t('keys.by', { who: k.createdBy })}</div>}
            </div>
          ),
        },
        { title: t('keys.col.key'), key: 'prefix', render: (_: unknown, k: ApiKey) => prefixOf(k) },
        { title: t('keys.col.scopes'), key: 'scopes', width: 260, render: (_: unknown, k: ApiKey) => scopesOf(k) },
        { title: t('keys.col.merchants'), key: 'merchants', render: (_: unknown, k: ApiKey) => merchantsOf(k) },
        {
          title: t('keys.col.created'),
          key: 'createdAt',
          render: (_: unknown, k: ApiKey) => (
            <span className="developer-nowrap">{businessTime(k.createdAt, 'minute')}</span>
          ),
        },
        {
          title: t('keys.col.lastUsed'),
          key: 'lastUsedAt',
          render: (_: unknown, k: ApiKey) => <span className="developer-nowrap">{lastUsed(k)}</span>,
        },
        { title: t('keys.col.status'), key: 'status', render: (_: unknown, k: ApiKey) => statusOf(k) },
        { title: t('keys.col.actions'), key: 'actions', render: (_: unknown, k: ApiKey) => revokeButton(k) },
      ];

  return (
    <div data-testid="api-keys">
      <div className="developer-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="key-create">
          {t('keys.create')}
        </Button>
      </div>
      {keys.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} data-testid="api-keys-loading" />
      ) : (
        <Table
          rowKey="keyId"
          data-testid="api-key-table"
          columns={columns}
          dataSource={keys.data}
          pagination={false}
          showHeader={!narrow}
          // A width the columns fit in by wrapping (scopes, the test-mode tag), not each cell's widest: at
          // 1440 px the Revoke button stays on screen; narrower windows scroll the table.
          scroll={narrow ? undefined : { x: 1040 }}
          rowClassName={(k) => (k.status === 'REVOKED' ? 'developer-revoked' : '')}
          onRow={(k) => ({ 'data-testid': `key-row-${k.keyId}` }) as React.HTMLAttributes<HTMLElement>}
          locale={{
            emptyText: (
              <Empty description={t('keys.empty')} data-testid="api-keys-empty">
                <p className="developer-muted">{t('keys.emptyText')}</p>
              </Empty>
            ),
          }}
        />
      )}
      {creating && (
        <CreateKeyModal
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setCreated(c);
          }}
        />
      )}
      {created && <KeySecretModal created={created} onClose={() => setCreated(null)} />}
    </div>
  );
}
