import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { businessToday, lastDays } from '@/lib/date-range';
import { SHARED_NS } from './shared-i18n';

const DAY = 'YYYY-MM-DD';
const isDay = (v: string | null | undefined): v is string => !!v && dayjs(v, DAY, true).isValid();

/**
 * A day range from the address (`from`/`to` as YYYY-MM-DD), or the last `days` days and today (S9.5's helper)
 * when either is missing, malformed or the two are reversed.
 */
export function dayRangeFrom(from: string | null, to: string | null, days: number, now: Date = new Date()) {
  const ranged = isDay(from) && isDay(to) && from <= to;
  const [defaultFrom, defaultTo] = lastDays(days, now);
  return ranged ? { from, to } : { from: defaultFrom, to: defaultTo };
}

/**
 * Days from .. to (no future day) with presets from the date-range helper: today, yesterday, the last 7, 30 and
 * 90 days. Never empty: the caller always has a range.
 */
export function DayRangePicker({
  from,
  to,
  onChange,
  testId,
  className,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation(SHARED_NS);
  const range = (label: string, [a, b]: [string, string]) => ({ label, value: [dayjs(a), dayjs(b)] as [Dayjs, Dayjs] });
  const [yesterday] = lastDays(1);
  return (
    <DatePicker.RangePicker
      className={className}
      value={[dayjs(from), dayjs(to)]}
      presets={[
        range(t('range.today'), [lastDays(0)[1], lastDays(0)[1]]),
        range(t('range.yesterday'), [yesterday, yesterday]),
        ...[7, 30, 90].map((n) => range(t('range.lastDays', { n }), lastDays(n))),
      ]}
      allowClear={false}
      disabledDate={(d) => d.isAfter(dayjs(businessToday()), 'day')}
      onChange={(v) => v?.[0] && v[1] && onChange({ from: v[0].format(DAY), to: v[1].format(DAY) })}
      placeholder={[t('range.from'), t('range.to')]}
      aria-label={t('range.label')}
      data-testid={testId}
    />
  );
}
