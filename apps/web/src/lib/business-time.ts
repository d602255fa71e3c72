import { CHINA_OFFSET_MS } from '@mchweb/contract/id-checks';

/** How much of an instant a page shows. */
export type TimeShown = 'second' | 'minute' | 'day' | 'monthDay';

/**
 * An instant as the business reads it: in China's time (Asia/Shanghai, the zone of the business days, bills and
 * settlements), whatever the browser's own zone. Read in the browser's zone, an order paid at 00:30 in Shanghai showed
 * as the evening before to a clerk whose computer was set to UTC, beside a bill that counts it on its own day. A
 * missing instant shows as a dash.
 */
export function businessTime(at: string | Date | null | undefined, shown: TimeShown = 'second'): string {
  if (at === null || at === undefined) return '—';
  const time = new Date(at).getTime();
  if (Number.isNaN(time)) return '—';
  // 2026-11-25T19:41:08.393Z, moved by China's offset: its fields are China's.
  const iso = new Date(time + CHINA_OFFSET_MS).toISOString();
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
