import { Button, DatePicker, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ApplyStatus } from '@mchweb/contract';
import { lastDays } from '@/lib/date-range';
import type { ApplicationListFilter } from '../api/query-keys';
import { NS } from '../i18n';
import { APPLY_STATUS_LIST } from './status-tag';

const DAY = 'YYYY-MM-DD';

/** The filter of /incomming as kept in the address: `?status=DRAFT,REJECTED&name=&from=&to=`. */
export function filterFromParams(params: URLSearchParams): ApplicationListFilter {
  const status = (params.get('status') ?? '')
    .split(',')
    .filter((s): s is ApplyStatus => (APPLY_STATUS_LIST as string[]).includes(s));
  const name = params.get('name')?.trim();
  const from = params.get('from');
  const to = params.get('to');
  return {
    ...(status.length ? { status } : {}),
    ...(name ? { name } : {}),
    ...(from && dayjs(from, DAY, true).isValid() ? { createdFrom: from } : {}),
    ...(to && dayjs(to, DAY, true).isValid() ? { createdTo: to } : {}),
  };
}
export function paramsFromFilter(filter: ApplicationListFilter): Record<string, string> {
  return {
    ...(filter.status?.length ? { status: filter.status.join(',') } : {}),
    ...(filter.name ? { name: filter.name } : {}),
    ...(filter.createdFrom ? { from: String(filter.createdFrom) } : {}),
    ...(filter.createdTo ? { to: String(filter.createdTo) } : {}),
  };
}

/** Status(es), merchant name (contains) and the days created (S9.5's date range: N days back to today). */
export function ApplicationFilters({
  filter,
  onChange,
}: {
  filter: ApplicationListFilter;
  onChange: (f: ApplicationListFilter) => void;
}) {
  const { t } = useTranslation(NS);
  const range =
    filter.createdFrom && filter.createdTo
      ? [dayjs(String(filter.createdFrom)), dayjs(String(filter.createdTo))]
      : null;
  const preset = (days: number) => {
    const [from, to] = lastDays(days);
    return { label: t('filter.lastDays', { n: days }), value: [dayjs(from), dayjs(to)] as [dayjs.Dayjs, dayjs.Dayjs] };
  };
  const empty = !filter.status?.length && !filter.name && !filter.createdFrom;
  return (
    <div className="onboarding-filters" role="search" aria-label={t('filter.label')}>
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        value={filter.status ?? []}
        onChange={(status: ApplyStatus[]) => onChange({ ...filter, status: status.length ? status : undefined })}
        options={APPLY_STATUS_LIST.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        placeholder={t('filter.status')}
        aria-label={t('filter.status')}
        className="onboarding-filter-status"
        data-testid="filter-status"
      />
      <Input.Search
        allowClear
        defaultValue={filter.name}
        key={filter.name ?? ''}
        placeholder={t('filter.name')}
        aria-label={t('filter.name')}
        onSearch={(v) => onChange({ ...filter, name: v.trim() || undefined })}
        className="onboarding-filter-name"
        maxLength={100}
        data-testid="filter-name"
      />
      <DatePicker.RangePicker
        value={range as never}
        presets={[preset(7), preset(30), preset(90)]}
        onChange={(v) =>
          onChange({
            ...filter,
            createdFrom: v?.[0]?.format(DAY) ?? undefined,
            createdTo: v?.[1]?.format(DAY) ?? undefined,
          })
        }
        placeholder={[t('filter.from'), t('filter.to')]}
        aria-label={t('filter.created')}
        className="onboarding-filter-range"
        data-testid="filter-range"
      />
      {!empty && (
        <Button onClick={() => onChange({})} data-testid="filter-reset">
          {t('filter.reset')}
        </Button>
      )}
    </div>
  );
}
