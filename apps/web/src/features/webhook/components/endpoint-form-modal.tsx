import { Checkbox, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType } from '@mchweb/contract';
import { MerchantScopeInput, useMerchantScopeRules, type MerchantScopeValue } from '@/components/merchant-scope-input';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useSaveEndpoint } from '../api/save-endpoint';
import { NS } from '../i18n';

interface Values {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  /** Null: every merchant of the organisation, those added later included. */
  merchantIds: MerchantScopeValue;
  enabled: boolean;
}

/** Add an endpoint (`editing` null) or change one: URL, description, event types, merchants, and on or off. */
export function EndpointFormModal({ editing, onClose }: { editing: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const save = useSaveEndpoint();
  const scopeRules = useMerchantScopeRules();
  const merchantIds = Form.useWatch('merchantIds', form);
  const { onFinish, busy } = useServerForm(form, {
    submit: (v: Values) =>
      save.mutateAsync(
        editing
          ? { id: editing.id, ...v, merchantIds: v.merchantIds ?? null }
          : { url: v.url, description: v.description, eventTypes: v.eventTypes, merchantIds: v.merchantIds ?? null },
      ),
    onSuccess: () => {
      toast.success(t('form.saved'));
      onClose();
    },
  });
  const initial: Values = editing
    ? {
        url: editing.url,
        description: editing.description,
        eventTypes: editing.eventTypes as WebhookEventType[],
        merchantIds: editing.merchantIds,
        enabled: editing.enabled,
      }
    : { url: '', description: '', eventTypes: ['order.paid'], merchantIds: null, enabled: true };
  return (
    <Modal
      open
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'webhook-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={onFinish}>
        <Form.Item
          name="url"
          label={t('form.url')}
          rules={[{ required: true, pattern: /^https?:\/\/\S+$/i, message: t('form.urlRequired') }]}
        >
          <Input data-testid="webhook-url" placeholder={t('form.urlPlaceholder')} inputMode="url" />
        </Form.Item>
        <Form.Item name="description" label={t('form.description')}>
          <Input data-testid="webhook-description" placeholder={t('form.descriptionPlaceholder')} maxLength={100} />
        </Form.Item>
        <Form.Item
          name="eventTypes"
          label={t('form.eventTypes')}
          rules={[{ required: true, type: 'array', min: 1, message: t('form.eventTypesRequired') }]}
        >
          <Checkbox.Group
            data-testid="webhook-event-types"
            className="webhook-event-types"
            options={WEBHOOK_EVENT_TYPES.map((type) => ({ label: <code>{type}</code>, value: type }))}
          />
        </Form.Item>
        <Form.Item
          name="merchantIds"
          label={t('form.merchants')}
          rules={scopeRules}
          extra={t(merchantIds ? 'form.merchantsSome' : 'form.merchantsAll')}
        >
          <MerchantScopeInput known={editing?.merchants} />
        </Form.Item>
        {editing && (
          <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
            <Switch data-testid="webhook-enabled" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
