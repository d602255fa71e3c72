import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, isTimeZone, wallClockIso, zoneOffsetMs } from './time-zone.ts';

const HOUR = 3_600_000;

describe('the zone of the business days', () => {
  it('knows IANA zones and refuses anything else', () => {
    for (const tz of [DEFAULT_TIME_ZONE, 'UTC', 'America/New_York', 'Europe/London', 'Asia/Kolkata']) {
      expect(isTimeZone(tz), tz).toBe(true);
    }
    for (const tz of ['', 'China', 'Asia/Shangai', '+08:00x', 'x'.repeat(100)]) expect(isTimeZone(tz), tz).toBe(false);
  });

  it('reads the offset at the instant asked, daylight saving included', () => {
    const winter = Date.UTC(2026, 0, 15, 12);
    const summer = Date.UTC(2026, 6, 15, 12);
    expect(zoneOffsetMs(winter, 'Asia/Shanghai')).toBe(8 * HOUR);
    expect(zoneOffsetMs(new Date(summer), 'Asia/Shanghai')).toBe(8 * HOUR);
    expect(zoneOffsetMs(winter, 'America/New_York')).toBe(-5 * HOUR);
    expect(zoneOffsetMs(summer, 'America/New_York')).toBe(-4 * HOUR);
    expect(zoneOffsetMs(summer, 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });

  it('writes an instant with the fields of the zone’s wall clock', () => {
    const at = new Date('2026-11-25T16:30:05.123Z');
    expect(wallClockIso(at, 'Asia/Shanghai')).toBe('2026-11-26T00:30:05.123Z');
    expect(wallClockIso(at.getTime(), 'America/New_York')).toBe('2026-11-25T11:30:05.123Z');
    expect(wallClockIso(at, 'UTC')).toBe('2026-11-25T16:30:05.123Z');
    // New York's clocks went forward at 02:00 on 8 March 2026: 06:59 UTC is 01:59 EST, 07:00 UTC is 03:00 EDT.
    expect(wallClockIso(Date.UTC(2026, 2, 8, 6, 59), 'America/New_York').slice(11, 16)).toBe('01:59');
    expect(wallClockIso(Date.UTC(2026, 2, 8, 7, 0), 'America/New_York').slice(11, 16)).toBe('03:00');
  });
});
