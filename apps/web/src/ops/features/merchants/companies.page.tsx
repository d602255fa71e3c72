import { Input, Select, Space, Typography, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { opsCompanyItem } from '@mchweb/contract/ops/schemas';
import { MerchantStatusTag } from '@/features/merchant/components/status-tag';
import { NS as MERCHANT_NS } from '@/features/merchant/i18n';
import { businessTime } from '@/lib/business-time';
import { OpsList } from '../../components/ops-list';
import { OpsFilters, OpsPageHeader } from '../../components/ops-page';
import { useCompanyList } from './api';
import { MCH_NS } from './i18n';

type Item = z.infer<typeof opsCompanyItem>;
type Status = Item['status'];
const STATUSES: Status[] = ['ACTIVE', 'FROZEN', 'CLOSED'];

/** /ops/companies: the organisations on the platform, searched and filtered by status. */
export default function OpsCompaniesPage() {
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
  const list = useCompanyList({ q: q || undefined, status: status.length ? status : undefined });
  const name = (row: Item) => (
    <Space orientation="vertical" size={0}>
      <Link to={`/companies/${row.companyId}`}>{row.name}</Link>
      <Typography.Text type="secondary">{row.creditCode ?? `#${row.companyId}`}</Typography.Text>
    </Space>
  );
  const columns: TableColumnsType<Item> = [
    { title: t('col.name'), key: 'name', render: (_, row) => name(row) },
    {
      title: t('col.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: Status) => <MerchantStatusTag status={v} />,
    },
    { title: t('col.members'), dataIndex: 'memberCount', width: 90, align: 'right' },
    { title: t('col.merchantCount'), dataIndex: 'merchantCount', width: 100, align: 'right' },
    { title: t('col.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => businessTime(v, 'minute') },
  ];
  return (
    <>
      <OpsPageHeader title={t('companies.title')} intro={t('companies.intro')} />
      <OpsFilters>
        <Input.Search
          className="ops-filter-search"
          allowClear
          defaultValue={q}
          placeholder={t('companies.q')}
          aria-label={t('companies.q')}
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
        rowKey="companyId"
        columns={columns}
        scrollX={800}
        testId="ops-companies"
        empty={t('companies.empty')}
        loadErrorTitle={t('companies.loadError')}
        card={(row) => (
          <div className="ops-card-row">
            <div className="ops-card-row-head">
              {name(row)}
              <MerchantStatusTag status={row.status} />
            </div>
          </div>
        )}
      />
    </>
  );
}
