import { Input, Select, Space, Typography, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { opsMerchantItem } from '@mchweb/contract/ops/schemas';
import { MerchantStatusTag } from '@/features/merchant/components/status-tag';
import { NS as MERCHANT_NS } from '@/features/merchant/i18n';
import { businessTime } from '@/lib/business-time';
import { OpsList } from '../../components/ops-list';
import { OpsFilters, OpsPageHeader } from '../../components/ops-page';
import { useMerchantList } from './api';
import { MCH_NS } from './i18n';

type Item = z.infer<typeof opsMerchantItem>;
type Status = Item['status'];
const STATUSES: Status[] = ['ACTIVE', 'FROZEN', 'CLOSED'];

/** /ops/merchants: every organisation's merchants, searched and filtered by status (both in the address). */
export default function OpsMerchantsPage() {
  const { t } = useTranslation(MCH_NS);
  const { t: tm } = useTranslation(MERCHANT_NS);
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const status = (search.get('status')?.split(',') ?? []).filter((s): s is Status => STATUSES.includes(s as Status));
  const set = (key: string, value: string) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  const list = useMerchantList({ q: q || undefined, status: status.length ? status : undefined });
  const name = (row: Item) => (
    <Space orientation="vertical" size={0}>
      <Link to={`/merchants/${row.mchNo}`}>{row.shortName || row.name}</Link>
      <Typography.Text type="secondary">{row.mchNo}</Typography.Text>
    </Space>
  );
  const columns: TableColumnsType<Item> = [
    { title: t('col.name'), key: 'name', render: (_, row) => name(row) },
    { title: t('col.company'), dataIndex: 'companyName', ellipsis: true },
    { title: t('col.type'), dataIndex: 'type', width: 150, render: (v: string) => tm(`type.${v}`) },
    {
      title: t('col.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: Status) => <MerchantStatusTag status={v} />,
    },
    {
      title: t('col.channels'),
      dataIndex: 'channels',
      width: 200,
      render: (v: string[]) => v.map((c) => tm(`channelName.${c}`)).join(' · '),
    },
    { title: t('col.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => businessTime(v, 'minute') },
  ];
  return (
    <>
      <OpsPageHeader title={t('merchants.title')} intro={t('merchants.intro')} />
      <OpsFilters>
        <Input.Search
          className="ops-filter-search"
          allowClear
          defaultValue={q}
          placeholder={t('merchants.q')}
          aria-label={t('merchants.q')}
          onSearch={(v) => set('q', v.trim())}
        />
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('status')}
          aria-label={t('status')}
          value={status}
          options={STATUSES.map((s) => ({ value: s, label: tm(`status.${s}`) }))}
          onChange={(v: string[]) => set('status', v.join(','))}
        />
      </OpsFilters>
      <OpsList<Item>
        list={list}
        rowKey="mchNo"
        columns={columns}
        scrollX={1000}
        testId="ops-merchants"
        empty={t('merchants.empty')}
        loadErrorTitle={t('merchants.loadError')}
        card={(row) => (
          <div className="ops-card-row">
            <div className="ops-card-row-head">
              {name(row)}
              <MerchantStatusTag status={row.status} />
            </div>
            <Typography.Text type="secondary">{row.companyName}</Typography.Text>
          </div>
        )}
      />
    </>
  );
}
