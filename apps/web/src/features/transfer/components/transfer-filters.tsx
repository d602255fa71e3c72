import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransferFilter } from '@mchweb/contract';
import { CheckedInput } from '@/components/checked-input';
import { dayRangeFrom, DayRangePicker } from '@/components/day-range-picker';
import { FilterSelect } from '@/components/filter-select';
import { FoldedFilters } from '@/components/folded-filters';
import { lastDays } from '@/lib/date-range';
import { useSession } from '@/lib/session';
import { MCH_NO_PATTERN, TRANSFER_DEFAULT_DAYS, TRANSFER_NO_PATTERN, TRANSFER_STATUS_LIST } from './transfer-values';
import { NS } from '../i18n';

const listOf = <T extends string>(value: string | null, allowed: readonly T[]): T[] => [
  ...new Set((value ?? '').split(',').filter((v): v is T => (allowed as readonly string[]).includes(v))),
];

/**
 * The filter of /transfer-list as kept in the address: `?from=2026-05-01&to=2026-05-08&mch=M1,M2&status=FAILED
 * &transferNo=T...`. Without a valid range the last TRANSFER_DEFAULT_DAYS days and today (S9.5), sent as days.
 * Values the server would refuse are dropped.
 */
export function filterFromParams(params: URLSearchParams, now: Date = new Date()): TransferFilter {
  const { from, to } = dayRangeFrom(params.get('from'), params.get('to'), TRANSFER_DEFAULT_DAYS, now);
  const mchNos = [...new Set((params.get('mch') ?? '').split(',').filter((m) => MCH_NO_PATTERN.test(m)))].slice(0, 50);
  const statuses = listOf(params.get('status'), TRANSFER_STATUS_LIST);
  const transferNo = params.get('transferNo')?.trim().toUpperCase();
  return {
    from,
    to,
    ...(mchNos.length ? { mchNos } : {}),
    ...(statuses.length ? { statuses } : {}),
    ...(transferNo && TRANSFER_NO_PATTERN.test(transferNo) ? { transferNo } : {}),
  };
}

export function paramsFromFilter(filter: TransferFilter): Record<string, string> {
  return {
    ...(filter.from ? { from: String(filter.from) } : {}),
    ...(filter.to ? { to: String(filter.to) } : {}),
    ...(filter.mchNos?.length ? { mch: filter.mchNos.join(',') } : {}),
    ...(filter.statuses?.length ? { status: filter.statuses.join(',') } : {}),
    ...(filter.transferNo ? { transferNo: filter.transferNo } : {}),
  };
}

/** How many filters narrow the list beyond the default range (a changed range counts once). */
export function activeFilters(filter: TransferFilter, now: Date = new Date()): number {
  const [from, to] = lastDays(TRANSFER_DEFAULT_DAYS, now);
  const { from: f, to: t, ...rest } = filter;
  return Object.keys(rest).length + (f !== from || t !== to ? 1 : 0);
}

/**
 * Days (presets from the date-range helper), merchants, statuses and the transfer number (exact; a malformed one
 * is marked and not applied). Each applies at once; on a phone all but the days fold behind one button.
 */
export function TransferFilters({
  filter,
  onChange,
  narrow,
}: {
  filter: TransferFilter;
  onChange: (f: TransferFilter) => void;
  narrow: boolean;
}) {
  const { t } = useTranslation(NS);
  const { mchList } = useSession();
  const active = activeFilters(filter);
  const set = (patch: Partial<TransferFilter>) =>
    onChange(
      Object.fromEntries(Object.entries({ ...filter, ...patch }).filter(([, v]) => v !== undefined)) as TransferFilter,
    );
  return (
    <FoldedFilters
      name="transfer"
      label={t('filter.region')}
      toggleText={t('filter.toggle')}
      narrow={narrow}
      active={active}
      always={
        <DayRangePicker
          from={String(filter.from)}
          to={String(filter.to)}
          onChange={(range) => set(range)}
          testId="transfer-filter-range"
        />
      }
    >
      <FilterSelect
        value={filter.mchNos}
        onChange={(mchNos) => set({ mchNos })}
        options={mchList.map((m) => ({ value: m.mchNo, label: m.name }))}
        label={t('filter.merchants')}
        testId="transfer-filter-mch"
      />
      <FilterSelect
        value={filter.statuses}
        onChange={(statuses) => set({ statuses })}
        options={TRANSFER_STATUS_LIST.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        label={t('filter.statuses')}
        testId="transfer-filter-status"
      />
      <CheckedInput
        search
        value={filter.transferNo}
        read={(v) => (TRANSFER_NO_PATTERN.test(v.toUpperCase()) ? v.toUpperCase() : null)}
        onApply={(transferNo) => set({ transferNo: transferNo ?? undefined })}
        placeholder={t('filter.transferNo')}
        maxLength={21}
        testId="transfer-filter-no"
      />
      {active > 0 && (
        <Button onClick={() => onChange(filterFromParams(new URLSearchParams()))} data-testid="transfer-filter-reset">
          {t('filter.reset')}
        </Button>
      )}
    </FoldedFilters>
  );
}
