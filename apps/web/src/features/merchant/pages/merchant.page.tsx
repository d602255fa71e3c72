import { useState } from 'react';
import { Button, Empty, Grid, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MerchantListItem } from '@mchweb/contract';
import { LoadError } from '@/components/load-error';
import { Permission } from '@/components/permission';
import { useMerchantList } from '../api/merchant-list';
import { MerchantDrawer } from '../components/merchant-drawer';
import { activeFilters, filterFromParams, MerchantFilters, paramsFromFilter } from '../components/merchant-filters';
import { MerchantStatusTag } from '../components/status-tag';
import { NS } from '../i18n';
import '../components/merchant.css';
import { businessTime } from '@/lib/business-time';

/**
 * /merchant: the organisation's merchants with filters kept in the address (so /channel links here filtered by
 * channel), keyset pages behind "load more", and a drawer with one merchant's details. A table on wide screens,
 * one card per merchant on a phone.
 */
export default function MerchantPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const list = useMerchantList(filter);
  const narrow = !Grid.useBreakpoint().md;
  const [open, setOpen] = useState<string | null>(null);
  const navigate = useNavigate();
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];

  const name = (m: MerchantListItem) => (
    <Button
      type="link"
      className="mch-name"
      onClick={() => setOpen(m.mchNo)}
      aria-haspopup="dialog"
      data-testid={`merchant-open-${m.mchNo}`}
    >
      {m.name}
    </Button>
  );
  const channels = (m: MerchantListItem) =>
    m.channels.length ? (
      <Space size={[4, 4]} wrap>
        {m.channels.map((c) => (
          <Tag key={c} className="mch-channel-tag">
            {t(`channelName.${c}`)}
          </Tag>
        ))}
      </Space>
    ) : (
      <span className="mch-muted">{t('noChannels')}</span>
    );

  const columns = narrow
    ? [
        {
          key: 'card',
          render: (_: unknown, m: MerchantListItem) => (
            <div className="mch-card" data-testid={`merchant-row-${m.mchNo}`}>
              <div className="mch-card-head">
                {name(m)}
                <MerchantStatusTag status={m.status} />
              </div>
              <div className="mch-muted">
                <span className="mch-mono">{m.mchNo}</span> · {t(`type.${m.type}`)} · {t(`category.${m.category}`)}
              </div>
              <div className="mch-card-foot">
                {channels(m)}
                <span className="mch-muted mch-nowrap">{businessTime(m.createdAt, 'minute')}</span>
              </div>
            </div>
          ),
        },
      ]
    : [
        {
          title: t('col.merchant'),
          key: 'merchant',
          render: (_: unknown, m: MerchantListItem) => (
            <div data-testid={`merchant-row-${m.mchNo}`}>
              {name(m)}
              <div className="mch-muted">
                <span className="mch-mono">{m.mchNo}</span> · {m.shortName}
              </div>
            </div>
          ),
        },
        {
          title: t('col.status'),
          dataIndex: 'status',
          render: (s: MerchantListItem['status']) => <MerchantStatusTag status={s} />,
        },
        { title: t('col.type'), dataIndex: 'type', render: (v: MerchantListItem['type']) => t(`type.${v}`) },
        {
          title: t('col.category'),
          dataIndex: 'category',
          render: (v: MerchantListItem['category']) => t(`category.${v}`),
        },
        { title: t('col.channels'), key: 'channels', render: (_: unknown, m: MerchantListItem) => channels(m) },
        {
          title: t('col.created'),
          dataIndex: 'createdAt',
          render: (at: string) => <span className="mch-nowrap">{businessTime(at, 'minute')}</span>,
        },
        {
          title: t('col.actions'),
          key: 'actions',
          render: (_: unknown, m: MerchantListItem) => (
            <Button
              type="link"
              size="small"
              onClick={() => setOpen(m.mchNo)}
              aria-label={`${t('merchant.details')} ${m.name}`}
            >
              {t('merchant.details')}
            </Button>
          ),
        },
      ];

  const empty =
    activeFilters(filter) > 0 ? (
      <Empty description={t('merchant.noMatch')}>
        <Button onClick={() => setParams({})} data-testid="merchant-empty-reset">
          {t('filter.reset')}
        </Button>
      </Empty>
    ) : (
      <Empty description={t('merchant.empty')}>
        <Permission codes={['onboarding:edit']}>
          <Button type="primary" onClick={() => void navigate('/merchant-entry')}>
            {t('merchant.start')}
          </Button>
        </Permission>
      </Empty>
    );

  return (
    <section className="mch-page" data-testid="page-merchant">
      <header className="mch-head">
        <div>
          <h1>{t('merchant.title')}</h1>
          <p className="mch-intro">{t('merchant.intro')}</p>
        </div>
        <Permission codes={['onboarding:edit']}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate('/merchant-entry')}
            data-testid="merchant-new"
          >
            {t('merchant.new')}
          </Button>
        </Permission>
      </header>
      <MerchantFilters
        filter={filter}
        narrow={narrow}
        onChange={(f) => setParams(paramsFromFilter(f), { replace: true })}
      />
      {list.isError ? (
        <LoadError title={t('merchant.loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Table<MerchantListItem>
            rowKey="mchNo"
            size="middle"
            className="mch-table"
            loading={list.isPending}
            dataSource={rows}
            columns={columns}
            showHeader={!narrow}
            pagination={false}
            scroll={narrow ? undefined : { x: 960 }}
            locale={{ emptyText: list.isPending ? ' ' : empty }}
            data-testid="merchant-table"
          />
          {rows.length > 0 && (
            <div className="mch-more">
              {list.hasNextPage ? (
                <Button
                  onClick={() => void list.fetchNextPage()}
                  loading={list.isFetchingNextPage}
                  data-testid="merchant-more"
                >
                  {t('merchant.more')}
                </Button>
              ) : (
                <span className="mch-muted">{t('merchant.end', { count: rows.length })}</span>
              )}
            </div>
          )}
        </>
      )}
      <MerchantDrawer mchNo={open} narrow={narrow} onClose={() => setOpen(null)} />
    </section>
  );
}
