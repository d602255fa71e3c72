import { Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreatedApiKey } from '@mchweb/contract';
import { API_KEY_SCOPES } from '@mchweb/contract/developer/scopes';
import { useSession } from '@/lib/session';
import { useServerForm } from '@/lib/use-server-form';
import { useCreateApiKey } from '../api/create-api-key';
import { NS, SCOPE_KEY } from '../i18n';

interface Values {
  name: string;
  scopes: string[];
  /** ALL: every merchant of the organisation; SOME: the ones in merchantIds. */
  reach: 'ALL' | 'SOME';
  merchantIds?: number[];
}

/** Name, scopes and merchants of a new key; `onCreated` receives the key with its secret (shown once). */
export function CreateKeyModal({ onClose, onCreated }: { onClose: () => void; onCreated: (c: CreatedApiKey) => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const create = useCreateApiKey();
  const { mchList } = useSession();
  const reach = Form.useWatch('reach', form);
  const { onFinish, busy } = useServerForm(form, {
    submit: (v) =>
      create.mutateAsync({
        name: v.name.trim(),
        scopes: v.scopes as (typeof API_KEY_SCOPES)[number][],
        merchantIds: v.reach === 'ALL' ? null : (v.merchantIds ?? []),
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
        initialValues={{ reach: 'ALL', scopes: ['orders:read', 'orders:write'] }}
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
        <Form.Item name="reach" label={t('create.merchants')}>
          <Radio.Group data-testid="key-reach">
            <Radio value="ALL" data-testid="key-reach-all">
              {t('create.all')}
            </Radio>
            <Radio value="SOME" data-testid="key-reach-some">
              {t('create.some')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {reach === 'SOME' && (
          <Form.Item
            name="merchantIds"
            rules={[{ required: true, type: 'array', min: 1, message: t('create.merchantsRule') }]}
          >
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={mchList.map((m) => ({ value: m.mchId, label: `${m.name} (${m.mchNo})` }))}
              placeholder={t('create.pick')}
              notFoundContent={mchList.length === 0 ? t('create.noMerchants') : undefined}
              aria-label={t('create.pick')}
              data-testid="key-merchants"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
