/**
 * Business days: a day runs midnight to midnight in MCHWEB_TZ (Asia/Shanghai by default). Orders, bills and
 * settlements count by these days, never by UTC ones.
 */
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

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
function offsetMs(at: Date, tz: string): number {
  const minute = Math.floor(at.getTime() / 60_000) * 60_000;
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

/** The business day `at` falls on, as YYYY-MM-DD. */
export function dayOf(at: Date, tz: string): string {
  return new Date(at.getTime() + offsetMs(at, tz)).toISOString().slice(0, 10);
}

/** The instant a business day starts. */
export function dayStart(day: string, tz: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  // Two passes settle a day whose midnight falls on an offset change.
  const first = new Date(guess.getTime() - offsetMs(guess, tz));
  return new Date(guess.getTime() - offsetMs(first, tz));
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
  return new Date(at.getTime() + offsetMs(at, tz)).toISOString().replace(/\D/g, '').slice(0, 14);
}
