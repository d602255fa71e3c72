import { useState } from 'react';
import { Alert, Button, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { EditOutlined, KeyOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '@mchweb/contract';
import { LoadError } from '@/components/load-error';
import { useWebhookEndpoints } from '../api/endpoint-list';
import { NS } from '../i18n';
import { DeliveriesPanel } from './deliveries-panel';
import { EndpointFormModal } from './endpoint-form-modal';
import { SecretModal } from './secret-modal';
import './webhook.css';

/**
 * The Webhooks tab of /developer (developer:manage): the organisation's endpoints as cards (one column on a
 * phone), each with its event types, on/off and the platform's reason when it turned one off; add and edit in a
 * dialog, the secret revealed and rotated in another, deliveries opened under the card.
 */
export function WebhooksTab() {
  const { t } = useTranslation(NS);
  const endpoints = useWebhookEndpoints();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secretOf, setSecretOf] = useState<WebhookEndpoint | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  let body;
  if (endpoints.isPending) body = <Spin className="webhook-spin" data-testid="webhook-loading" />;
  else if (endpoints.isError)
    body = <LoadError title={t('loadError')} error={endpoints.error} onRetry={() => void endpoints.refetch()} />;
  else if (endpoints.data.length === 0) body = <Empty data-testid="webhook-empty" description={t('empty')} />;
  else
    body = (
      <Space direction="vertical" size={12} className="webhook-list">
        {endpoints.data.map((ep) => (
          <Card
            key={ep.id}
            size="small"
            className="webhook-card"
            data-testid="webhook-endpoint"
            title={
              <Space size={8} wrap>
                <Tag color={ep.enabled ? 'success' : 'default'}>{ep.enabled ? t('enabled') : t('disabled')}</Tag>
                <Typography.Text className="webhook-url">{ep.url}</Typography.Text>
              </Space>
            }
          >
            {ep.description && <Typography.Paragraph>{ep.description}</Typography.Paragraph>}
            <Typography.Paragraph type="secondary" className="webhook-merchants" data-testid="webhook-merchants">
              {ep.merchantIds === null
                ? t('allMerchants')
                : t('merchantsOf', { names: ep.merchants.map((m) => m.name).join(t('listSeparator')) })}
            </Typography.Paragraph>
            {ep.disabledReason && <Alert type="error" showIcon title={ep.disabledReason} className="webhook-alert" />}
            <div className="webhook-types">
              {ep.eventTypes.map((type) => (
                <Tag key={type}>
                  <code>{type}</code>
                </Tag>
              ))}
            </div>
            <Space wrap className="webhook-actions">
              <Button icon={<EditOutlined />} data-testid="webhook-edit" onClick={() => setEditing(ep)}>
                {t('edit')}
              </Button>
              <Button icon={<KeyOutlined />} data-testid="webhook-secret-open" onClick={() => setSecretOf(ep)}>
                {t('secret')}
              </Button>
              <Button
                icon={<UnorderedListOutlined />}
                data-testid="webhook-deliveries-open"
                type={open === ep.id ? 'primary' : 'default'}
                onClick={() => setOpen(open === ep.id ? null : ep.id)}
              >
                {open === ep.id ? t('hideDeliveries') : t('deliveries')}
              </Button>
            </Space>
            {open === ep.id && <DeliveriesPanel endpoint={ep} />}
          </Card>
        ))}
      </Space>
    );

  return (
    <div className="webhook-tab" data-testid="webhook-tab">
      <div className="webhook-head">
        <Typography.Paragraph type="secondary" className="webhook-intro">
          {t('intro')}
        </Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} data-testid="webhook-add" onClick={() => setEditing('new')}>
          {t('add')}
        </Button>
      </div>
      {body}
      {editing && <EndpointFormModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {secretOf && <SecretModal endpoint={secretOf} onClose={() => setSecretOf(null)} />}
    </div>
  );
}
