import { Button, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettlementFilter } from '@mchweb/contract';
import { lastDays } from '@/lib/date-range';
import { useSession } from '@/lib/session';
import { DayRangePicker, dayRangeFrom } from '@/components/day-range-picker';
import { FilterSelect } from '@/components/filter-select';
import { RECON_NS } from '@/components/reconciliation/i18n';
import { MCH_NO_PATTERN, SETTLEMENT_STATUS_LIST } from '@/components/reconciliation/values';
import { NS } from '../i18n';

/** The contract's default: the last 30 days (and today). */
export const SETTLEMENT_DEFAULT_DAYS = 30;

/**
 * The filter of /settlement as kept in the address: `?from=2026-05-01&to=2026-05-30&mch=M1,M2&status=FAILED`.
 * Without a valid range the last SETTLEMENT_DEFAULT_DAYS days and today (S9.5); unknown statuses and malformed
 * merchant numbers are dropped.
 */
export function filterFromParams(params: URLSearchParams, now: Date = new Date()): SettlementFilter {
  const range = dayRangeFrom(params.get('from'), params.get('to'), SETTLEMENT_DEFAULT_DAYS, now);
  const mchNos = [...new Set((params.get('mch') ?? '').split(',').filter((m) => MCH_NO_PATTERN.test(m)))].slice(0, 50);
  const statuses = [...new Set((params.get('status') ?? '').split(','))].filter(
    (s): s is (typeof SETTLEMENT_STATUS_LIST)[number] => (SETTLEMENT_STATUS_LIST as readonly string[]).includes(s),
  );
  return { ...range, ...(mchNos.length ? { mchNos } : {}), ...(statuses.length ? { statuses } : {}) };
}

export function paramsFromFilter(filter: SettlementFilter): Record<string, string> {
  return {
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    ...(filter.mchNos?.length ? { mch: filter.mchNos.join(',') } : {}),
    ...(filter.statuses?.length ? { status: filter.statuses.join(',') } : {}),
  };
}

/** How many filters narrow the list beyond the default (a changed range counts once). */
export function activeFilters(filter: SettlementFilter, now: Date = new Date()): number {
  const [from, to] = lastDays(SETTLEMENT_DEFAULT_DAYS, now);
  return (
    (filter.mchNos?.length ? 1 : 0) +
    (filter.statuses?.length ? 1 : 0) +
    (filter.from !== from || filter.to !== to ? 1 : 0)
  );
}

/** The filters' placeholders are their only visible labels: dark enough to read (antd's default is 0.25 alpha). */
const READABLE_PLACEHOLDERS = { token: { colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)' } };

/** Settlement days (presets from the date-range helper), merchants, statuses; each applies at once. */
export function SettlementFilters({
  filter,
  onChange,
}: {
  filter: SettlementFilter;
  onChange: (f: SettlementFilter) => void;
}) {
  const { t } = useTranslation(NS);
  const { mchList } = useSession();
  const set = (patch: Partial<SettlementFilter>) =>
    onChange(
      Object.fromEntries(
        Object.entries({ ...filter, ...patch }).filter(([, v]) => v !== undefined),
      ) as SettlementFilter,
    );
  return (
    <ConfigProvider theme={READABLE_PLACEHOLDERS}>
      <div className="settlement-filters" role="search" aria-label={t('filter.region')}>
        <DayRangePicker
          className="settlement-filter-range"
          from={String(filter.from)}
          to={String(filter.to)}
          onChange={set}
          testId="settlement-filter-range"
        />
        <FilterSelect
          value={filter.mchNos}
          onChange={(mchNos) => set({ mchNos })}
          options={mchList.map((m) => ({ value: m.mchNo, label: m.name }))}
          label={t('filter.merchants')}
          testId="settlement-filter-mch"
        />
        <FilterSelect
          value={filter.statuses}
          onChange={(statuses) => set({ statuses })}
          options={SETTLEMENT_STATUS_LIST.map((s) => ({ value: s, label: t(`status.${s}`, { ns: RECON_NS }) }))}
          label={t('filter.statuses')}
          testId="settlement-filter-status"
        />
        {activeFilters(filter) > 0 && (
          <Button
            onClick={() => onChange(filterFromParams(new URLSearchParams()))}
            data-testid="settlement-filter-reset"
          >
            {t('filter.reset')}
          </Button>
        )}
      </div>
    </ConfigProvider>
  );
}
