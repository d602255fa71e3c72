import { Badge, Button, ConfigProvider, Input, Select } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MerchantListFilter } from '../api/query-keys';
import { CHANNEL_LIST, MERCHANT_STATUS_LIST, MERCHANT_TYPE_LIST, type Channel } from './merchant-values';
import { NS } from '../i18n';

const listOf = <T extends string>(value: string | null, allowed: readonly T[]): T[] =>
  (value ?? '').split(',').filter((v): v is T => (allowed as readonly string[]).includes(v));

/** The filter of /merchant as kept in the address: `?status=ACTIVE,FROZEN&type=&channel=WECHAT&name=&mchNo=`. */
export function filterFromParams(params: URLSearchParams): MerchantListFilter {
  const status = listOf(params.get('status'), MERCHANT_STATUS_LIST);
  const type = listOf(params.get('type'), MERCHANT_TYPE_LIST);
  const [channel] = listOf(params.get('channel'), CHANNEL_LIST);
  const name = params.get('name')?.trim().slice(0, 100);
  const mchNo = params.get('mchNo')?.trim().toUpperCase().slice(0, 20);
  return {
    ...(status.length ? { status } : {}),
    ...(type.length ? { type } : {}),
    ...(channel ? { channel } : {}),
    ...(name ? { name } : {}),
    ...(mchNo ? { mchNo } : {}),
  };
}
export function paramsFromFilter(filter: MerchantListFilter): Record<string, string> {
  return {
    ...(filter.status?.length ? { status: filter.status.join(',') } : {}),
    ...(filter.type?.length ? { type: filter.type.join(',') } : {}),
    ...(filter.channel ? { channel: filter.channel } : {}),
    ...(filter.name ? { name: filter.name } : {}),
    ...(filter.mchNo ? { mchNo: filter.mchNo } : {}),
  };
}
export const activeFilters = (filter: MerchantListFilter) => Object.keys(filter).length;

/** The filters' placeholders are their only visible labels: dark enough to read (antd's default is 0.25 alpha). */
const READABLE_PLACEHOLDERS = { token: { colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)' } };

/**
 * Status(es), type(s), channel, name (contains) and merchant number (exact); each applies at once. On a phone
 * the filters fold behind one button that counts the active ones.
 */
export function MerchantFilters({
  filter,
  onChange,
  narrow,
}: {
  filter: MerchantListFilter;
  onChange: (f: MerchantListFilter) => void;
  narrow: boolean;
}) {
  const { t } = useTranslation(NS);
  const active = activeFilters(filter);
  const [open, setOpen] = useState(active > 0);
  const set = (patch: Partial<MerchantListFilter>) =>
    onChange(
      Object.fromEntries(
        Object.entries({ ...filter, ...patch }).filter(([, v]) => v !== undefined),
      ) as MerchantListFilter,
    );

  const fields = (
    <ConfigProvider theme={READABLE_PLACEHOLDERS}>
      <div
        className="mch-filters"
        role="search"
        aria-label={t('filter.label')}
        id="merchant-filters"
        hidden={narrow && !open}
      >
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          value={filter.status ?? []}
          onChange={(status: MerchantListFilter['status']) => set({ status: status?.length ? status : undefined })}
          options={MERCHANT_STATUS_LIST.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          placeholder={t('filter.status')}
          aria-label={t('filter.status')}
          data-testid="merchant-filter-status"
        />
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          value={filter.type ?? []}
          onChange={(type: MerchantListFilter['type']) => set({ type: type?.length ? type : undefined })}
          options={MERCHANT_TYPE_LIST.map((s) => ({ value: s, label: t(`type.${s}`) }))}
          placeholder={t('filter.type')}
          aria-label={t('filter.type')}
          data-testid="merchant-filter-type"
        />
        <Select
          allowClear
          value={filter.channel}
          onChange={(channel: Channel | undefined) => set({ channel })}
          options={CHANNEL_LIST.map((c) => ({ value: c, label: t(`channelName.${c}`) }))}
          placeholder={t('filter.channel')}
          aria-label={t('filter.channel')}
          data-testid="merchant-filter-channel"
        />
        <Input.Search
          allowClear
          defaultValue={filter.name}
          key={`name-${filter.name ?? ''}`}
          placeholder={t('filter.name')}
          aria-label={t('filter.name')}
          onSearch={(v) => set({ name: v.trim() || undefined })}
          maxLength={100}
          data-testid="merchant-filter-name"
        />
        <Input.Search
          allowClear
          defaultValue={filter.mchNo}
          key={`mchNo-${filter.mchNo ?? ''}`}
          placeholder={t('filter.mchNo')}
          aria-label={t('filter.mchNo')}
          onSearch={(v) => set({ mchNo: v.trim().toUpperCase() || undefined })}
          maxLength={20}
          data-testid="merchant-filter-mchno"
        />
        {active > 0 && (
          <Button onClick={() => onChange({})} data-testid="merchant-filter-reset">
            {t('filter.reset')}
          </Button>
        )}
      </div>
    </ConfigProvider>
  );

  if (!narrow) return fields;
  return (
    <>
      <Badge count={active} size="small" offset={[-4, 4]}>
        <Button
          icon={<FilterOutlined />}
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls="merchant-filters"
          data-testid="merchant-filter-toggle"
        >
          {t('filter.toggle')}
        </Button>
      </Badge>
      {fields}
    </>
  );
}
