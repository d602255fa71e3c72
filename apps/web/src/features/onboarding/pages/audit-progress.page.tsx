import { Alert, Button, Card, Empty, List, Skeleton, Space, Spin, Timeline } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApplicationEvent, ApplicationProgressEvent, FieldReason } from '@mchweb/contract';
import { LoadError } from '@/components/load-error';
import { Permission } from '@/components/permission';
import { useApplicationList } from '../api/application-list';
import { useApplicationProgress } from '../api/application-progress';
import { ApplyStatusTag } from '../components/status-tag';
import { NS } from '../i18n';
import '../components/onboarding.css';
import { businessTime } from '@/lib/business-time';

const COLOR: Partial<Record<ApplicationEvent, string>> = { APPROVED: 'green', REJECTED: 'red', CANCELED: 'gray' };
const ICON: Partial<Record<ApplicationEvent, React.ReactNode>> = {
  APPROVED: <CheckCircleOutlined />,
  REJECTED: <CloseCircleOutlined />,
};

/** A rejected field's name as the wizard shows it: its step, then the field or document (`subject.name`). */
function useFieldLabel() {
  const { t } = useTranslation(NS);
  return (field: string) => {
    const [step, key] = field.split('.') as [string, string | undefined];
    const section = t(`step.${step}`);
    if (!key) return section;
    const name =
      step === 'documents'
        ? t(`doc.${key}`, { defaultValue: key })
        : step === 'rates'
          ? key
          : t(`field.${step === 'legalPerson' && key === 'name' ? 'personName' : key}`, { defaultValue: key });
    return `${section} · ${name}`;
  };
}

/** The reason the server writes when the reviewer gave fields and no note (shown as the list instead). */
const fieldsLine = (fields: FieldReason[]) => fields.map((f) => `${f.field}: ${f.reason}`).join('; ');

/** The reviewer's reason per field of a rejection (the operator console's), as a list. */
function FieldReasons({ fields }: { fields: FieldReason[] }) {
  const label = useFieldLabel();
  return (
    <ul className="onboarding-field-reasons" data-testid="reject-fields">
      {fields.map((f) => (
        <li key={f.field} data-field={f.field}>
          <strong>{label(f.field)}</strong>: {f.reason}
        </li>
      ))}
    </ul>
  );
}

/** Without `?applyNo=`: the latest applications to choose from. */
function Choose() {
  const { t } = useTranslation(NS);
  const list = useApplicationList({}, 10);
  const rows = list.data?.pages[0]?.rows ?? [];
  if (list.isError)
    return <LoadError title={t('list.loadError')} error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <Card title={t('progress.choose')} data-testid="progress-choose">
      <List
        loading={list.isPending}
        dataSource={rows}
        locale={{ emptyText: <Empty description={t('list.empty')} /> }}
        renderItem={(r) => (
          <List.Item extra={<ApplyStatusTag status={r.status} />}>
            <Link to={`/audit-progress?applyNo=${r.applyNo}`}>{r.name ?? r.applyNo}</Link>
            <span className="onboarding-muted"> · {r.applyNo}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** /audit-progress?applyNo=: one application's review timeline, read again while the review is pending. */
export default function AuditProgressPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const applyNo = params.get('applyNo');
  const progress = useApplicationProgress(applyNo);
  const data = progress.data;

  const who = (e: ApplicationProgressEvent) => (e.actor === 'MEMBER' && e.by ? e.by : t(`actor.${e.actor}`));
  const pending = data?.status === 'SUBMITTED' || data?.status === 'AUDITING';
  const rejection = data?.events.findLast((e) => e.event === 'REJECTED');
  const items = (data?.events ?? []).map((e, i) => ({
    key: `${e.event}-${i}`,
    color: COLOR[e.event] ?? 'blue',
    icon: ICON[e.event],
    content: (
      <div className="progress-event" data-testid={`event-${e.event}`}>
        <strong>{t(`event.${e.event}`)}</strong>
        <div className="onboarding-muted">
          {businessTime(e.at)} · {who(e)}
        </div>
        {e.reason && !(e.fields?.length && e.reason === fieldsLine(e.fields)) && (
          <div className="onboarding-reason">{e.reason}</div>
        )}
        {e.fields?.length ? <FieldReasons fields={e.fields} /> : null}
      </div>
    ),
  }));
  if (pending) {
    items.push({
      key: 'waiting',
      color: 'gray',
      icon: <ClockCircleOutlined />,
      content: (
        <div className="progress-event" data-testid="event-waiting">
          <Space size={8}>
            <Spin size="small" />
            <strong>{t('progress.waiting')}</strong>
          </Space>
          <div className="onboarding-muted">{t('progress.waitingText')}</div>
        </div>
      ),
    });
  }

  return (
    <section className="onboarding-page" data-testid="page-audit-progress">
      <header className="onboarding-head">
        <h1>{t('auditProgress.title')}</h1>
        {data ? (
          <Space size={8} wrap className="onboarding-muted">
            <span className="onboarding-progress-name">{data.name ?? t('list.noName')}</span>
            <span className="mono">{data.applyNo}</span>
            <ApplyStatusTag status={data.status} />
          </Space>
        ) : (
          <p className="onboarding-intro">{t('progress.intro')}</p>
        )}
      </header>
      {!applyNo && <Choose />}
      {applyNo && progress.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {applyNo && progress.isError && (
        <LoadError title={t('progress.loadError')} error={progress.error} onRetry={() => void progress.refetch()} />
      )}
      {data && (
        <>
          {data.status === 'APPROVED' && (
            <Alert
              type="success"
              showIcon
              className="onboarding-alert progress-alert"
              title={t('progress.approved')}
              description={
                <>
                  <p>{t('progress.approvedText', { mchNo: data.mchNo })}</p>
                  <Link to={`/merchant?mchNo=${data.mchNo}`} data-testid="progress-merchant">
                    <Button type="primary">{t('progress.toMerchant')}</Button>
                  </Link>
                </>
              }
              data-testid="progress-approved"
            />
          )}
          {data.status === 'REJECTED' && (
            <Alert
              type="error"
              showIcon
              className="onboarding-alert progress-alert"
              title={t('progress.rejected')}
              description={
                <>
                  {rejection?.reason &&
                    !(data.rejectFields?.length && rejection.reason === fieldsLine(data.rejectFields)) && (
                      <p className="onboarding-reason-text">{rejection.reason}</p>
                    )}
                  {data.rejectFields?.length ? (
                    <>
                      <p className="onboarding-reason-text">{t('progress.fieldsTitle')}</p>
                      <FieldReasons fields={data.rejectFields} />
                    </>
                  ) : null}
                  <Permission codes={['onboarding:edit']}>
                    <Link to={`/new-incomming?applyNo=${data.applyNo}`} data-testid="progress-correct">
                      <Button type="primary" danger>
                        {t('progress.correct')}
                      </Button>
                    </Link>
                  </Permission>
                </>
              }
              data-testid="progress-rejected"
            />
          )}
          <Card className="progress-card">
            <Timeline items={items} data-testid="progress-timeline" />
            <div className="progress-links">
              <Link to={`/new-incomming?applyNo=${data.applyNo}`}>{t('progress.viewApplication')}</Link>
              <Link to="/incomming">{t('nav.applications')}</Link>
            </div>
          </Card>
        </>
      )}
    </section>
  );
}
