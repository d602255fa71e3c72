import { Button, Empty, Grid, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApplicationListItem } from '@mchweb/contract';
import { Permission } from '@/components/permission';
import { useApplicationList } from '../api/application-list';
import { ApplicationActions } from '../components/application-actions';
import { PagedTable } from '../components/paged-table';
import { filterFromParams, ApplicationFilters, paramsFromFilter } from '../components/application-filters';
import { ApplyStatusTag } from '../components/status-tag';
import { NS } from '../i18n';
import '../components/onboarding.css';
import { businessTime } from '@/lib/business-time';

/** /incomming: the organisation's applications, filtered by status, name and days created; keyset pages. */
export default function IncommingPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const list = useApplicationList(filter);
  const narrow = !Grid.useBreakpoint().md;
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  const filtered = Object.keys(filter).length > 0;

  const name = (r: ApplicationListItem) => (
    <Link to={`/new-incomming?applyNo=${r.applyNo}`} className="onboarding-name" data-testid={`open-${r.applyNo}`}>
      {r.name ?? <Typography.Text type="secondary">{t('list.noName')}</Typography.Text>}
    </Link>
  );
  const status = (r: ApplicationListItem) => <ApplyStatusTag status={r.status} />;
  const source = (r: ApplicationListItem) =>
    r.source === 'INVITE' ? t('source.INVITE') : (r.createdBy ?? t('source.PORTAL'));

  const columns = narrow
    ? [
        {
          key: 'row',
          render: (_: unknown, r: ApplicationListItem) => (
            <div className="onboarding-row">
              <Space size={6} wrap>
                {name(r)}
                {status(r)}
              </Space>
              <div className="onboarding-muted">
                {r.applyNo} · {r.type ? t(`type.${r.type}`) : '—'} ·{' '}
                <span className="nowrap">{businessTime(r.createdAt, 'minute')}</span>
              </div>
              {r.status === 'REJECTED' && r.rejectReason && <div className="onboarding-reason">{r.rejectReason}</div>}
              <ApplicationActions row={r} />
            </div>
          ),
        },
      ]
    : [
        {
          title: t('col.merchant'),
          key: 'name',
          render: (_: unknown, r: ApplicationListItem) => (
            <>
              {name(r)}
              {r.status === 'REJECTED' && r.rejectReason && <div className="onboarding-reason">{r.rejectReason}</div>}
            </>
          ),
        },
        { title: t('col.applyNo'), dataIndex: 'applyNo', render: (v: string) => <span className="mono">{v}</span> },
        {
          title: t('col.type'),
          dataIndex: 'type',
          render: (v: ApplicationListItem['type']) => (v ? t(`type.${v}`) : '—'),
        },
        { title: t('col.status'), key: 'status', render: (_: unknown, r: ApplicationListItem) => status(r) },
        { title: t('col.source'), key: 'source', render: (_: unknown, r: ApplicationListItem) => source(r) },
        { title: t('col.created'), dataIndex: 'createdAt', render: (at: string | null) => businessTime(at, 'minute') },
        { title: t('col.updated'), dataIndex: 'updatedAt', render: (at: string | null) => businessTime(at, 'minute') },
        {
          title: t('col.actions'),
          key: 'actions',
          render: (_: unknown, r: ApplicationListItem) => <ApplicationActions row={r} />,
        },
      ];

  const empty = filtered ? (
    <Empty description={t('list.noMatch')}>
      <Button onClick={() => setParams({})}>{t('filter.reset')}</Button>
    </Empty>
  ) : (
    <Empty description={t('list.empty')}>
      <Permission codes={['onboarding:edit']}>
        <Link to="/merchant-entry">
          <Button type="primary">{t('list.start')}</Button>
        </Link>
      </Permission>
    </Empty>
  );

  return (
    <section className="onboarding-page" data-testid="page-incomming">
      <header className="onboarding-head onboarding-head-row">
        <div>
          <h1>{t('incomming.title')}</h1>
          <p className="onboarding-intro">{t('list.intro')}</p>
        </div>
        <Permission codes={['onboarding:edit']}>
          <Link to="/merchant-entry">
            <Button type="primary" icon={<PlusOutlined />} data-testid="application-new">
              {t('list.new')}
            </Button>
          </Link>
        </Permission>
      </header>
      <ApplicationFilters filter={filter} onChange={(f) => setParams(paramsFromFilter(f), { replace: true })} />
      <PagedTable<ApplicationListItem>
        query={list}
        rows={rows}
        rowKey="applyNo"
        columns={columns}
        narrow={narrow}
        scrollX={980}
        empty={empty}
        loadError={t('list.loadError')}
        testId="application-table"
      />
    </section>
  );
}
