import { Button, Card, Form, Input, InputNumber, Select, Space, Tabs, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OnboardingReview } from '@mchweb/contract/ops/schemas';
import { NS as ONBOARDING_NS } from '@/features/onboarding/i18n';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import type { ReviewSection } from './application-fields';
import { useApproveApplication, useRejectApplication, type ApproveInput, type RejectInput } from './api';
import { ONB_NS } from './i18n';

const blankToNull = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

/** Approve: the rates within the provider's bounds (prefilled with the application's) and the channel ids. */
function ApproveForm({ review }: { review: OnboardingReview }) {
  const { t } = useTranslation(ONB_NS);
  const { t: to } = useTranslation(ONBOARDING_NS);
  const approve = useApproveApplication();
  const rates = review.application.rates ?? [];
  const channels = new Set(rates.map((r) => r.channel));
  const bound = (channel: string) => review.rateBounds.find((b) => b.channel === channel);
  const [form] = Form.useForm<ApproveInput>();
  const server = useServerForm(form, {
    submit: (values) =>
      approve.mutateAsync({
        applyNo: review.applyNo,
        // The form holds only each rate (a Form.List item registers its `rate` field, not the channel beside it).
        rates: (values.rates ?? []).map((r, i) => ({ channel: rates[i]!.channel, rate: r.rate })),
        note: blankToNull(values.note),
        channelAccounts: {
          wechatSubMchid: blankToNull(values.channelAccounts?.wechatSubMchid ?? undefined),
          alipaySmid: blankToNull(values.channelAccounts?.alipaySmid ?? undefined),
          alipayAppAuthToken: blankToNull(values.channelAccounts?.alipayAppAuthToken ?? undefined),
        },
      }),
    onSuccess: (answer) => toast.success(t('review.approve.done', { mchNo: answer.mchNo ?? '' })),
    fallback: 'note',
  });
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={server.onFinish}
      initialValues={{ rates: rates.map((r) => ({ channel: r.channel, rate: r.rate })) }}
      data-testid="approve-form"
    >
      <Typography.Text strong>{t('review.approve.rates')}</Typography.Text>
      <Form.List name="rates">
        {(items) =>
          items.map((item, i) => {
            const channel = rates[i]!.channel;
            const b = bound(channel);
            return (
              <Form.Item
                key={item.key}
                name={[item.name, 'rate']}
                label={to(`channel.${channel}`)}
                extra={`${t('review.approve.bounds', { min: b?.min, max: b?.max })} · ${t('review.approve.applied', { rate: rates[i]!.rate })}`}
                rules={[
                  {
                    required: true,
                    type: 'number',
                    min: b?.min,
                    max: b?.max,
                    message: t('review.approve.bounds', { min: b?.min, max: b?.max }),
                  },
                ]}
              >
                <InputNumber
                  step={0.1}
                  precision={1}
                  suffix="‰"
                  style={{ width: 160 }}
                  data-testid={`rate-${channel}`}
                />
              </Form.Item>
            );
          })
        }
      </Form.List>
      <Typography.Text strong>{t('review.approve.accounts')}</Typography.Text>
      {channels.has('WECHAT') && (
        <Form.Item name={['channelAccounts', 'wechatSubMchid']} label={t('review.approve.wechat')}>
          <Input inputMode="numeric" maxLength={10} placeholder="1900000109" data-testid="wechat-sub-mchid" />
        </Form.Item>
      )}
      {channels.has('ALIPAY') && (
        <>
          <Form.Item name={['channelAccounts', 'alipaySmid']} label={t('review.approve.smid')}>
            <Input maxLength={32} placeholder="2088000000000000" data-testid="alipay-smid" />
          </Form.Item>
          <Form.Item name={['channelAccounts', 'alipayAppAuthToken']} label={t('review.approve.token')}>
            <Input maxLength={128} data-testid="alipay-token" />
          </Form.Item>
        </>
      )}
      <Form.Item name="note" label={t('review.approve.note')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={server.busy} block data-testid="approve-submit">
        {t('review.approve.submit')}
      </Button>
    </Form>
  );
}

/** Reject: a reason per field the merchant must correct (a section or one field of it). */
function RejectForm({ review, sections }: { review: OnboardingReview; sections: ReviewSection[] }) {
  const { t } = useTranslation(ONB_NS);
  const reject = useRejectApplication();
  const [form] = Form.useForm<RejectInput>();
  const server = useServerForm(form, {
    submit: (values) =>
      reject.mutateAsync({ applyNo: review.applyNo, fields: values.fields ?? [], note: blankToNull(values.note) }),
    onSuccess: () => toast.success(t('review.reject.done')),
    fallback: 'note',
  });
  const options = sections.map((s) => ({
    label: s.label,
    title: s.label,
    options: [
      { value: s.key, label: t('review.section', { name: s.label }) },
      ...s.fields.map((f) => ({ value: f.key, label: `${s.label} · ${f.label}` })),
    ],
  }));
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={server.onFinish}
      initialValues={{ fields: [{ field: undefined, reason: '' }] }}
      data-testid="reject-form"
    >
      <Typography.Paragraph type="secondary">{t('review.reject.intro')}</Typography.Paragraph>
      <Form.List
        name="fields"
        rules={[
          {
            validator: async (_, v) => (v?.length ? undefined : Promise.reject(new Error(t('review.reject.needOne')))),
          },
        ]}
      >
        {(items, { add, remove }, { errors }) => (
          <>
            {items.map((item, i) => (
              <Card key={item.key} size="small" className="ops-section">
                <Form.Item
                  name={[item.name, 'field']}
                  label={t('review.reject.field')}
                  rules={[{ required: true, message: t('review.reject.pick') }]}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    options={options}
                    placeholder={t('review.reject.pick')}
                    data-testid={`reject-field-${i}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[item.name, 'reason']}
                  label={t('review.reject.reason')}
                  rules={[{ required: true, whitespace: true, message: t('review.reject.reason') }]}
                >
                  <Input.TextArea rows={2} maxLength={200} data-testid={`reject-reason-${i}`} />
                </Form.Item>
                {items.length > 1 && (
                  <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(item.name)} />
                )}
              </Card>
            ))}
            <Form.ErrorList errors={errors} />
            <Button icon={<PlusOutlined />} onClick={() => add({ reason: '' })} block className="ops-section">
              {t('review.reject.add')}
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item name="note" label={t('review.reject.note')} className="ops-section">
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
      <Button danger type="primary" htmlType="submit" loading={server.busy} block data-testid="reject-submit">
        {t('review.reject.submit')}
      </Button>
    </Form>
  );
}

/** The decision, once the operator has taken the application: approve or reject. */
export function DecisionPanel({ review, sections }: { review: OnboardingReview; sections: ReviewSection[] }) {
  const { t } = useTranslation(ONB_NS);
  return (
    <Tabs
      items={[
        { key: 'approve', label: t('review.approve.tab'), children: <ApproveForm review={review} /> },
        {
          key: 'reject',
          label: <Space data-testid="reject-tab">{t('review.reject.tab')}</Space>,
          children: <RejectForm review={review} sections={sections} />,
        },
      ]}
    />
  );
}
