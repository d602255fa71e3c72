/**
 * The zone of the business days (the server's MCHWEB_TZ, Asia/Shanghai unless configured): the server counts
 * orders, bills and settlements by its days, and the pages show every instant in it, whatever the browser's zone.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Whether `tz` is an IANA zone this runtime knows (`Asia/Shanghai`, `UTC`...). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * One formatter per zone, made once: building an Intl.DateTimeFormat costs a few hundred microseconds, more than
 * the rest of an order list request (profiled).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(tz: string): Intl.DateTimeFormat {
  let format = formatters.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, format);
  }
  return format;
}

/**
 * `tz`'s offset from UTC at `at`, in ms (Asia/Shanghai: +8 h), remembered per zone and minute: zones change their
 * offset on whole minutes, and formatToParts was still the largest cost of an order list request after the
 * formatter was kept (a page asks it five times, for the same minutes: now and the range's midnights).
 */
const offsets = new Map<string, number>();
export function zoneOffsetMs(at: Date | number, tz: string): number {
  const minute = Math.floor((typeof at === 'number' ? at : at.getTime()) / 60_000) * 60_000;
  const key = `${tz}|${minute}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const parts = formatterOf(tz).formatToParts(minute);
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    offset = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - minute;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * `at` on the wall clock of `tz`, written as an ISO instant whose fields are that clock's
 * (`2026-11-26T00:30:05.123Z` for 16:30:05.123 UTC in Shanghai): slice it for the day or the time.
 */
export function wallClockIso(at: Date | number, tz: string): string {
  const time = typeof at === 'number' ? at : at.getTime();
  return new Date(time + zoneOffsetMs(time, tz)).toISOString();
}
