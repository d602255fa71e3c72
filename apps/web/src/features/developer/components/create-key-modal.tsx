import { Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreatedApiKey } from '@mchweb/contract';
import { API_KEY_SCOPES } from '@mchweb/contract/developer/scopes';
import { MerchantScopeInput, useMerchantScopeRules, type MerchantScopeValue } from '@/components/merchant-scope-input';
import { useServerForm } from '@/lib/use-server-form';
import { useCreateApiKey } from '../api/create-api-key';
import { NS, SCOPE_KEY } from '../i18n';

interface Values {
  name: string;
  scopes: string[];
  /** Null: every merchant of the organisation, those added later included. */
  merchantIds: MerchantScopeValue;
}

/** Name, scopes and merchants of a new key; `onCreated` receives the key with its secret (shown once). */
export function CreateKeyModal({ onClose, onCreated }: { onClose: () => void; onCreated: (c: CreatedApiKey) => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const create = useCreateApiKey();
  const scopeRules = useMerchantScopeRules();
  const { onFinish, busy } = useServerForm(form, {
    submit: (v) =>
      create.mutateAsync({
        name: v.name.trim(),
        scopes: v.scopes as (typeof API_KEY_SCOPES)[number][],
        merchantIds: v.merchantIds ?? null,
      }),
    onSuccess: (created) => onCreated(created),
    fallback: 'name',
  });

  return (
    <Modal
      open
      title={t('create.title')}
      okText={t('create.submit')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'key-create-submit' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ merchantIds: null, scopes: ['orders:read', 'orders:write'] }}
      >
        <Form.Item
          name="name"
          label={t('create.name')}
          rules={[{ required: true, whitespace: true, max: 50, message: t('create.nameRule') }]}
        >
          <Input maxLength={50} placeholder={t('create.namePlaceholder')} data-testid="key-name" />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('create.scopes')}
          rules={[{ required: true, message: t('create.scopesRule') }]}
        >
          <Checkbox.Group className="developer-scopes" data-testid="key-scopes">
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} data-testid={`key-scope-${scope}`}>
                <span className="developer-scope-name">{t(`scope.${scope}`, SCOPE_KEY)}</span>
                <code className="developer-scope-code">{scope}</code>
                <div className="developer-muted">{t(`create.scopeHint.${scope}`, SCOPE_KEY)}</div>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="merchantIds"
          label={t('create.merchants')}
          rules={scopeRules}
          extra={t('create.merchantsHint')}
        >
          <MerchantScopeInput />
        </Form.Item>
      </Form>
    </Modal>
  );
}
