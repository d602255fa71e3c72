import dayjs, { type Dayjs } from 'dayjs';
import { wallClockIso } from '@mchweb/contract/time-zone';
import '@/i18n/dayjs-locale';
import { businessZone } from './business-zone';

/**
 * Today as the business counts it: the day in the zone of the business days (the server's MCHWEB_TZ, China's by
 * default; `businessZone`), whatever the browser's own zone. A browser in UTC would otherwise still be on yesterday
 * in China from 16:00 to midnight, and a range ending "today" would leave out the evening's orders.
 */
export const businessToday = (now: Dayjs | Date = new Date()): string =>
  wallClockIso(dayjs(now).toDate(), businessZone()).slice(0, 10);

/** S9.5: [the date `days` days back, today (the business day)], both as YYYY-MM-DD. */
export function lastDays(days: number, now: Dayjs | Date = new Date()): [string, string] {
  const today = businessToday(now);
  const back = new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  return [back, today];
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
