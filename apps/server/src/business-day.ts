/**
 * Business days: a day runs midnight to midnight in MCHWEB_TZ (Asia/Shanghai by default). Orders, bills and
 * settlements count by these days, never by UTC ones.
 */
import { wallClockIso, zoneOffsetMs } from '@mchweb/contract/time-zone';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The business day `at` falls on, as YYYY-MM-DD. */
export function dayOf(at: Date, tz: string): string {
  return wallClockIso(at, tz).slice(0, 10);
}

/** `HH:MM` of `at` on the business zone's clock (a daily job's time, a settlement's due time). */
export function clockOf(at: Date, tz: string): string {
  return wallClockIso(at, tz).slice(11, 16);
}

/** The instant a business day starts. */
export function dayStart(day: string, tz: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  // Two passes settle a day whose midnight falls on an offset change.
  const first = new Date(guess.getTime() - zoneOffsetMs(guess, tz));
  return new Date(guess.getTime() - zoneOffsetMs(first, tz));
}

/** YYYY-MM-DD plus `n` days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A filter's `[from, to)` instants from its bounds: a `from` day counts from its start, a `to` day includes the
 * whole day; an instant is taken as it is (a `to` instant included: the end is its next millisecond).
 */
export function rangeOf(from: string, to: string, tz: string): { start: Date; end: Date } {
  const start = DAY_RE.test(from) ? dayStart(from, tz) : new Date(from);
  const end = DAY_RE.test(to) ? dayStart(addDays(to, 1), tz) : new Date(new Date(to).getTime() + 1);
  return { start, end };
}

/** The business time of `at` as `yyyyMMddHHmmss`, for document numbers. */
export function compactTime(at: Date, tz: string): string {
  return wallClockIso(at, tz).replace(/\D/g, '').slice(0, 14);
}
