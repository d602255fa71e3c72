import dayjs, { type Dayjs } from 'dayjs';
import '@/i18n/dayjs-locale';

const DAY = 'YYYY-MM-DD';

/** S9.5: [the date `days` days back, today], both as YYYY-MM-DD. */
export function lastDays(days: number, now: Dayjs | Date = dayjs()): [string, string] {
  const today = dayjs(now);
  return [today.subtract(days, 'day').format(DAY), today.format(DAY)];
}

/** S9.5: a day's bounds for a filter: `YYYY-MM-DD 00:00:00` and `YYYY-MM-DD 23:59:59`. */
export function dayStart(day: string): string {
  return `${day} 00:00:00`;
}
export function dayEnd(day: string): string {
  return `${day} 23:59:59`;
}

/** A date range as the API's `[start, end]` time bounds. */
export function rangeBounds([start, end]: [string, string]): [string, string] {
  return [dayStart(start), dayEnd(end)];
}
