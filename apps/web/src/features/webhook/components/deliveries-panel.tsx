import { useState } from 'react';
import {
  type TableColumnsType,
  Button,
  Descriptions,
  Empty,
  Grid,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@mchweb/contract';
import { LoadError } from '@/components/load-error';
import { businessTime } from '@/lib/business-time';
import { toast } from '@/lib/toast';
import { useDeliveries } from '../api/delivery-list';
import { useResendDelivery } from '../api/resend-delivery';
import { useSendTestEvent } from '../api/send-test-event';
import { NS } from '../i18n';

const STATUS_COLOR = { PENDING: 'processing', SUCCEEDED: 'success', FAILED: 'error' } as const;

/** One try: when, how long, what was sent (headers and body) and what came back. */
function TryDetail({ attempt, narrow }: { attempt: WebhookAttempt; narrow: boolean }) {
  const { t } = useTranslation(NS);
  const ok = attempt.responseStatus !== null && attempt.responseStatus < 300;
  return (
    <div className="webhook-try" data-testid="webhook-try">
      <Space wrap size={[8, 4]}>
        <strong>{attempt.attemptNo === 0 ? t('delivery.manual') : t('delivery.try', { n: attempt.attemptNo })}</strong>
        <span>{businessTime(attempt.startedAt)}</span>
        <Tag color={ok ? 'success' : 'error'}>{attempt.responseStatus ?? t('delivery.noAnswer')}</Tag>
        <span>{t('delivery.duration', { ms: attempt.durationMs })}</span>
      </Space>
      <Descriptions
        size="small"
        column={1}
        bordered
        layout={narrow ? 'vertical' : 'horizontal'}
        className="webhook-try-detail"
      >
        <Descriptions.Item label={t('delivery.request')}>
          <pre className="webhook-pre">
            {Object.entries(attempt.requestHeaders)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n')}
            {'\n\n'}
            {attempt.requestBody}
          </pre>
        </Descriptions.Item>
        <Descriptions.Item label={t('delivery.answer')}>
          <pre className="webhook-pre">{attempt.error ?? attempt.responseBody ?? ''}</pre>
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}

/** An endpoint's deliveries, newest first: status, tries, timing; a row opens to its tries; resend; a test event. */
export function DeliveriesPanel({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation(NS);
  const list = useDeliveries(endpoint.id);
  const resend = useResendDelivery(endpoint.id);
  const test = useSendTestEvent();
  const [testType, setTestType] = useState<WebhookEventType>(
    (endpoint.eventTypes[0] as WebhookEventType | undefined) ?? 'order.paid',
  );
  const rows = list.data?.pages.flatMap((p) => p.list) ?? [];
  // On a phone one column holds everything (the event, its status and tries, the resend button), so nothing sits
  // beyond the screen's edge; the tries' request and answer go under their labels.
  const narrow = !Grid.useBreakpoint().md;

  const eventOf = (d: WebhookDelivery) => (
    <div>
      <code>{d.eventType}</code>
      <Typography.Text type="secondary" className="webhook-msg-id">
        {d.msgId}
      </Typography.Text>
    </div>
  );
  const statusOf = (d: WebhookDelivery) => (
    <div data-testid="webhook-delivery-status">
      <Tag color={STATUS_COLOR[d.status]}>{t(`delivery.statusName.${d.status}`)}</Tag>
      {d.status === 'PENDING' && d.nextAttemptAt && d.attempts > 0 && (
        <Typography.Text type="secondary" className="webhook-next">
          {t('delivery.next', { at: businessTime(d.nextAttemptAt) })}
        </Typography.Text>
      )}
    </div>
  );
  const resendOf = (d: WebhookDelivery) => (
    <Button
      size="small"
      icon={<ReloadOutlined />}
      data-testid="webhook-resend"
      onClick={async () => {
        await resend.mutateAsync(d.id);
        toast.success(t('delivery.resent'));
      }}
    >
      {t('delivery.resend')}
    </Button>
  );
  const columns: TableColumnsType<WebhookDelivery> = narrow
    ? [
        {
          title: t('delivery.event'),
          key: 'delivery',
          render: (_, d) => (
            <Space direction="vertical" size={4}>
              {eventOf(d)}
              {statusOf(d)}
              <Typography.Text type="secondary" className="webhook-msg-id">
                {t('delivery.attempts')} {d.attempts} · {businessTime(d.createdAt)}
              </Typography.Text>
              {resendOf(d)}
            </Space>
          ),
        },
      ]
    : [
        { title: t('delivery.event'), key: 'event', render: (_, d) => eventOf(d) },
        { title: t('delivery.status'), key: 'status', render: (_, d) => statusOf(d) },
        { title: t('delivery.attempts'), dataIndex: 'attempts', key: 'attempts', align: 'right' },
        { title: t('delivery.created'), key: 'created', render: (_, d) => businessTime(d.createdAt) },
        { key: 'resend', render: (_, d) => resendOf(d) },
      ];
  return (
    <div className="webhook-deliveries" data-testid="webhook-deliveries">
      <Space wrap className="webhook-test">
        <Select
          aria-label={t('test.type')}
          value={testType}
          onChange={setTestType}
          options={WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type }))}
          className="webhook-test-type"
        />
        <Button
          icon={<SendOutlined />}
          data-testid="webhook-test-send"
          disabled={!endpoint.enabled}
          loading={test.isPending}
          onClick={async () => {
            await test.mutateAsync({ id: endpoint.id, type: testType });
            toast.success(t('test.sent'));
          }}
        >
          {t('test.send')}
        </Button>
      </Space>
      {list.isPending ? (
        <Spin className="webhook-spin" />
      ) : list.isError ? (
        <LoadError title={t('delivery.loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('delivery.empty')} />
      ) : (
        <>
          <Table<WebhookDelivery>
            size="small"
            rowKey="id"
            dataSource={rows}
            pagination={false}
            scroll={narrow ? undefined : { x: 'max-content' }}
            expandable={{
              expandedRowRender: (d) => d.tries.map((a, i) => <TryDetail key={i} attempt={a} narrow={narrow} />),
              rowExpandable: (d) => d.tries.length > 0,
            }}
            columns={columns}
          />
          {list.hasNextPage && (
            <Button block type="link" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('delivery.more')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
