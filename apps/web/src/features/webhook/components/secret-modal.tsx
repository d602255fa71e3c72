import { useState } from 'react';
import { Alert, Button, Modal, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '@mchweb/contract';
import { businessTime } from '@/lib/business-time';
import { toast } from '@/lib/toast';
import { useRevealSecret, useRotateSecret } from '../api/endpoint-secret';
import { NS } from '../i18n';

/** An endpoint's signing secret: hidden until revealed; rotating shows the new one (the old signs 24 hours more). */
export function SecretModal({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const reveal = useRevealSecret();
  const rotate = useRotateSecret();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Modal
      open
      title={t('secretModal.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('secretModal.close')}</Button>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('secretModal.hint')}</Typography.Paragraph>
      {secret ? (
        <Typography.Paragraph data-testid="webhook-secret" code copyable={{ text: secret }} className="webhook-secret">
          {secret}
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph className="webhook-secret">whsec_••••••••••••••••••••••••••••••••</Typography.Paragraph>
      )}
      <Space wrap>
        {!secret && (
          <Button
            data-testid="webhook-secret-reveal"
            loading={reveal.isPending}
            onClick={async () => setSecret((await reveal.mutateAsync(endpoint.id)).secret)}
          >
            {t('secretModal.reveal')}
          </Button>
        )}
        <Popconfirm
          title={t('secretModal.rotateTitle')}
          description={<div className="webhook-confirm">{t('secretModal.rotateText')}</div>}
          onConfirm={async () => {
            setSecret((await rotate.mutateAsync(endpoint.id)).secret);
            toast.success(t('secretModal.rotated'));
          }}
        >
          <Button data-testid="webhook-secret-rotate" danger loading={rotate.isPending}>
            {t('secretModal.rotate')}
          </Button>
        </Popconfirm>
      </Space>
      {endpoint.previousSecretUntil && (
        <Alert
          className="webhook-secret-overlap"
          type="info"
          showIcon
          title={t('oldSecretUntil', { at: businessTime(endpoint.previousSecretUntil, 'minute') })}
        />
      )}
    </Modal>
  );
}
