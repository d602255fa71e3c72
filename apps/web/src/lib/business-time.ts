import { wallClockIso } from '@mchweb/contract/time-zone';
import { businessZone } from './business-zone';

/** How much of an instant a page shows. */
export type TimeShown = 'second' | 'minute' | 'day' | 'monthDay';

/**
 * An instant as the business reads it: in the zone of the business days, bills and settlements (the server's
 * MCHWEB_TZ, China's time by default; `businessZone`), whatever the browser's own zone. Read in the browser's zone,
 * an order paid at 00:30 in Shanghai showed as the evening before to a clerk whose computer was set to UTC, beside a
 * bill that counts it on its own day. A missing instant shows as a dash.
 */
export function businessTime(at: string | Date | null | undefined, shown: TimeShown = 'second'): string {
  if (at === null || at === undefined) return '—';
  const time = new Date(at).getTime();
  if (Number.isNaN(time)) return '—';
  // 2026-11-26T00:30:05.123Z for 16:30:05.123 UTC in Shanghai: its fields are the business zone's clock.
  const iso = wallClockIso(time, businessZone());
  const day = iso.slice(0, 10);
  switch (shown) {
    case 'second':
      return `${day} ${iso.slice(11, 19)}`;
    case 'minute':
      return `${day} ${iso.slice(11, 16)}`;
    case 'day':
      return day;
    case 'monthDay':
      return `${iso.slice(5, 10)} ${iso.slice(11, 19)}`;
  }
}
