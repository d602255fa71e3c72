import { useState } from 'react';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CreatedApiKey } from '@mchweb/contract';
import { toast } from '@/lib/toast';
import { NS } from '../i18n';

/**
 * The new key's whole value, this once: a copy button, the value selectable by hand where the clipboard is not
 * available (an insecure origin), and no way to close it by clicking outside (so a stray click does not lose it).
 */
export function KeySecretModal({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
      toast.success(t('secret.copied'));
    } catch {
      toast.error(t('secret.copyFailed'));
    }
  }

  return (
    <Modal
      open
      title={t('secret.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      onOk={onClose}
      okText={t('secret.done')}
      okButtonProps={{ 'data-testid': 'key-secret-done' }}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('secret.warning')} />
        <Typography.Text strong>{created.key.name}</Typography.Text>
        <Input.TextArea
          readOnly
          value={created.secret}
          autoSize
          className="developer-secret"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="key-secret"
        />
        <Button
          type="primary"
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => void copy()}
          data-testid="key-secret-copy"
        >
          {copied ? t('secret.copied') : t('secret.copy')}
        </Button>
        <Typography.Text type="secondary">{t('secret.usage')}</Typography.Text>
      </Space>
    </Modal>
  );
}
