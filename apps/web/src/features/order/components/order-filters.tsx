import { Button, DatePicker, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OrderFilter } from '@mchweb/contract';
import { parseYuan } from '@mchweb/contract/money';
import { CheckedInput } from '@/components/checked-input';
import { FilterSelect } from '@/components/filter-select';
import { FoldedFilters } from '@/components/folded-filters';
import { businessToday, lastDays } from '@/lib/date-range';
import { useSession } from '@/lib/session';
import {
  CHANNEL_LIST,
  CODE_NO_PATTERN,
  LABEL_MAX,
  MCH_NO_PATTERN,
  ORDER_DEFAULT_DAYS,
  ORDER_NO_PATTERN,
  ORDER_STATUS_LIST,
} from './order-values';
import { NS } from '../i18n';

const DAY = 'YYYY-MM-DD';
const isDay = (v: string | null): v is string => !!v && dayjs(v, DAY, true).isValid();
const listOf = <T extends string>(value: string | null, allowed: readonly T[]): T[] => [
  ...new Set((value ?? '').split(',').filter((v): v is T => (allowed as readonly string[]).includes(v))),
];
/** 1230 fen -> "12.3": the amount as the address keeps it. */
const yuanText = (fen: number) => String(fen / 100);

/**
 * The filter of /order as kept in the address: `?time=paid&from=2026-05-01&to=2026-05-08&mch=M1,M2&status=SUCCESS
 * &channel=WECHAT&min=10&max=99.5&orderNo=&codeNo=&label=`. Without `from`/`to` the last ORDER_DEFAULT_DAYS days
 * and today (S9.5's date-range helper), sent as days: the server counts `from` from its start and `to` to its end.
 * Values the server would refuse (a malformed number, an unknown status) are dropped.
 */
export function filterFromParams(params: URLSearchParams, now: Date = new Date()): OrderFilter {
  const [defaultFrom, defaultTo] = lastDays(ORDER_DEFAULT_DAYS, now);
  const from = params.get('from');
  const to = params.get('to');
  const ranged = isDay(from) && isDay(to) && from <= to;
  const mchNos = [...new Set((params.get('mch') ?? '').split(',').filter((m) => MCH_NO_PATTERN.test(m)))].slice(0, 50);
  const statuses = listOf(params.get('status'), ORDER_STATUS_LIST);
  const channels = listOf(params.get('channel'), CHANNEL_LIST);
  const min = parseYuan(params.get('min') ?? '');
  const max = parseYuan(params.get('max') ?? '');
  const orderNo = params.get('orderNo')?.trim().toUpperCase();
  const codeNo = params.get('codeNo')?.trim();
  const label = params.get('label')?.trim().slice(0, LABEL_MAX);
  return {
    timeField: params.get('time') === 'paid' ? 'paid' : 'created',
    from: ranged ? from : defaultFrom,
    to: ranged ? to : defaultTo,
    ...(mchNos.length ? { mchNos } : {}),
    ...(statuses.length ? { statuses } : {}),
    ...(channels.length ? { channels } : {}),
    ...(min !== null ? { amountMinFen: min } : {}),
    ...(max !== null ? { amountMaxFen: max } : {}),
    ...(orderNo && ORDER_NO_PATTERN.test(orderNo) ? { orderNo } : {}),
    ...(codeNo && CODE_NO_PATTERN.test(codeNo) ? { codeNo } : {}),
    ...(label ? { label } : {}),
  };
}

export function paramsFromFilter(filter: OrderFilter): Record<string, string> {
  return {
    ...(filter.timeField === 'paid' ? { time: 'paid' } : {}),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    ...(filter.mchNos?.length ? { mch: filter.mchNos.join(',') } : {}),
    ...(filter.statuses?.length ? { status: filter.statuses.join(',') } : {}),
    ...(filter.channels?.length ? { channel: filter.channels.join(',') } : {}),
    ...(filter.amountMinFen !== undefined ? { min: yuanText(filter.amountMinFen) } : {}),
    ...(filter.amountMaxFen !== undefined ? { max: yuanText(filter.amountMaxFen) } : {}),
    ...(filter.orderNo ? { orderNo: filter.orderNo } : {}),
    ...(filter.codeNo ? { codeNo: filter.codeNo } : {}),
    ...(filter.label ? { label: filter.label } : {}),
  };
}

/** How many filters narrow the list beyond the default (time field and range count once when changed). */
export function activeFilters(filter: OrderFilter, now: Date = new Date()): number {
  const [from, to] = lastDays(ORDER_DEFAULT_DAYS, now);
  const { timeField, from: f, to: t, ...rest } = filter;
  return Object.keys(rest).length + (timeField === 'paid' || f !== from || t !== to ? 1 : 0);
}

/**
 * Time range (created or paid; presets from the date-range helper), merchants, statuses, channels, amount range
 * in yuan, order number (exact), code number, label (contains). Each applies at once; a typed value that the
 * server would refuse is marked and not applied. On a phone all but the time range fold behind one button.
 */
export function OrderFilters({
  filter,
  onChange,
  narrow,
}: {
  filter: OrderFilter;
  onChange: (f: OrderFilter) => void;
  narrow: boolean;
}) {
  const { t } = useTranslation(NS);
  const { mchList } = useSession();
  const active = activeFilters(filter);
  const set = (patch: Partial<OrderFilter>) =>
    onChange(
      Object.fromEntries(Object.entries({ ...filter, ...patch }).filter(([, v]) => v !== undefined)) as OrderFilter,
    );
  const preset = (days: number) => {
    const [from, to] = lastDays(days);
    return { label: t('filter.lastDays', { n: days }), value: [dayjs(from), dayjs(to)] as [dayjs.Dayjs, dayjs.Dayjs] };
  };
  const today = () => {
    const [, to] = lastDays(0);
    return { label: t('filter.today'), value: [dayjs(to), dayjs(to)] as [dayjs.Dayjs, dayjs.Dayjs] };
  };

  const range = (
    <Space.Compact className="order-filter-range">
      <Select
        value={filter.timeField ?? 'created'}
        onChange={(timeField: 'created' | 'paid') => set({ timeField })}
        options={[
          { value: 'created', label: t('filter.created') },
          { value: 'paid', label: t('filter.paid') },
        ]}
        aria-label={t('filter.timeField')}
        popupMatchSelectWidth={false}
        data-testid="order-filter-time"
      />
      <DatePicker.RangePicker
        value={[dayjs(String(filter.from)), dayjs(String(filter.to))]}
        presets={[today(), preset(7), preset(30), preset(90)]}
        allowClear={false}
        disabledDate={(d) => d.isAfter(dayjs(businessToday()), 'day')}
        onChange={(v) => v?.[0] && v[1] && set({ from: v[0].format(DAY), to: v[1].format(DAY) })}
        placeholder={[t('filter.from'), t('filter.to')]}
        aria-label={t('filter.range')}
        data-testid="order-filter-range"
      />
    </Space.Compact>
  );

  const fields = (
    <>
      <FilterSelect
        value={filter.mchNos}
        onChange={(mchNos) => set({ mchNos })}
        options={mchList.map((m) => ({ value: m.mchNo, label: m.name }))}
        label={t('filter.merchants')}
        testId="order-filter-mch"
      />
      <FilterSelect
        value={filter.statuses}
        onChange={(statuses) => set({ statuses })}
        options={ORDER_STATUS_LIST.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        label={t('filter.statuses')}
        testId="order-filter-status"
      />
      <FilterSelect
        value={filter.channels}
        onChange={(channels) => set({ channels })}
        options={CHANNEL_LIST.map((c) => ({ value: c, label: t(`channel.${c}`) }))}
        label={t('filter.channels')}
        testId="order-filter-channel"
      />
      <Space.Compact className="order-filter-amount">
        <CheckedInput
          value={filter.amountMinFen !== undefined ? yuanText(filter.amountMinFen) : undefined}
          read={(v) => parseYuan(v)}
          onApply={(amountMinFen) => set({ amountMinFen: amountMinFen ?? undefined })}
          placeholder={t('filter.amountFrom')}
          label={t('filter.amountMin')}
          inputMode="decimal"
          prefix="¥"
          testId="order-filter-min"
        />
        <CheckedInput
          value={filter.amountMaxFen !== undefined ? yuanText(filter.amountMaxFen) : undefined}
          read={(v) => parseYuan(v)}
          onApply={(amountMaxFen) => set({ amountMaxFen: amountMaxFen ?? undefined })}
          placeholder={t('filter.amountTo')}
          label={t('filter.amountMax')}
          inputMode="decimal"
          prefix="¥"
          testId="order-filter-max"
        />
      </Space.Compact>
      <CheckedInput
        search
        value={filter.orderNo}
        read={(v) => (ORDER_NO_PATTERN.test(v.toUpperCase()) ? v.toUpperCase() : null)}
        onApply={(orderNo) => set({ orderNo: orderNo ?? undefined })}
        placeholder={t('filter.orderNo')}
        maxLength={21}
        testId="order-filter-orderno"
      />
      <CheckedInput
        search
        value={filter.codeNo}
        read={(v) => (CODE_NO_PATTERN.test(v) ? v : null)}
        onApply={(codeNo) => set({ codeNo: codeNo ?? undefined })}
        placeholder={t('filter.codeNo')}
        inputMode="numeric"
        maxLength={12}
        testId="order-filter-codeno"
      />
      <CheckedInput
        search
        value={filter.label}
        read={(v) => v}
        onApply={(label) => set({ label: label ?? undefined })}
        placeholder={t('filter.label')}
        maxLength={LABEL_MAX}
        testId="order-filter-label"
      />
      {active > 0 && (
        <Button onClick={() => onChange(filterFromParams(new URLSearchParams()))} data-testid="order-filter-reset">
          {t('filter.reset')}
        </Button>
      )}
    </>
  );

  return (
    <FoldedFilters
      name="order"
      label={t('filter.region')}
      toggleText={t('filter.toggle')}
      narrow={narrow}
      active={active}
      always={range}
    >
      {fields}
    </FoldedFilters>
  );
}
