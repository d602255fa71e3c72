import { afterEach, describe, expect, it } from 'vitest';
import { businessTime } from './business-time';
import { resetBusinessZone } from './business-zone';

const zone = process.env.TZ;
afterEach(() => {
  // Node reads TZ again whenever it is set: each test below moves the "browser" to another zone.
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('times as the business reads them (China), whatever the browser’s zone', () => {
  it('an order paid at 00:30 in Shanghai shows on its own day, from a browser in UTC, New York or Shanghai', () => {
    const paid = '2026-11-25T16:30:05.123Z';
    for (const tz of ['UTC', 'America/New_York', 'Asia/Shanghai', 'Europe/Berlin']) {
      process.env.TZ = tz;
      expect(businessTime(paid)).toBe('2026-11-26 00:30:05');
      expect(businessTime(paid, 'minute')).toBe('2026-11-26 00:30');
      expect(businessTime(paid, 'day')).toBe('2026-11-26');
      expect(businessTime(paid, 'monthDay')).toBe('11-26 00:30:05');
    }
  });

  it('takes a Date as well as ISO text, and shows a dash for no time or one it cannot read', () => {
    expect(businessTime(new Date(Date.UTC(2026, 0, 1, 0, 0, 0)))).toBe('2026-01-01 08:00:00');
    expect(businessTime(null)).toBe('—');
    expect(businessTime(undefined, 'minute')).toBe('—');
    expect(businessTime('not a time')).toBe('—');
  });
});

describe('times in the zone the server names, when it is not China’s', () => {
  afterEach(() => resetBusinessZone());

  it('a server on New York’s days shows New York’s clock, daylight saving included, to a browser in Shanghai', () => {
    process.env.TZ = 'Asia/Shanghai';
    resetBusinessZone('America/New_York');
    expect(businessTime('2026-11-25T16:30:05.123Z')).toBe('2026-11-25 11:30:05');
    expect(businessTime('2026-07-01T03:00:00Z', 'minute')).toBe('2026-06-30 23:00');
  });
});
