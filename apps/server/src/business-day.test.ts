import { describe, expect, it } from 'vitest';
import { addDays, compactTime, dayOf, dayStart, rangeOf } from './business-day.ts';

describe('business days', () => {
  const tz = 'Asia/Shanghai';
  it('counts a day midnight to midnight in the business time zone', () => {
    expect(dayOf(new Date('2026-05-01T15:59:59Z'), tz)).toBe('2026-05-01');
    expect(dayOf(new Date('2026-05-01T16:00:00Z'), tz)).toBe('2026-05-02');
    expect(dayStart('2026-05-02', tz).toISOString()).toBe('2026-05-01T16:00:00.000Z');
    expect(compactTime(new Date('2026-05-01T16:30:05Z'), tz)).toBe('20260502003005');
  });
  it('handles a zone with daylight saving', () => {
    // Berlin moves from +1 to +2 at 02:00 on 2026-03-29: that day is 23 hours long.
    const start = dayStart('2026-03-29', 'Europe/Berlin');
    const next = dayStart('2026-03-30', 'Europe/Berlin');
    expect(start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(next.getTime() - start.getTime()).toBe(23 * 3600_000);
  });
  it('takes the offset of the very minute, just before and after a change, however often it is asked', () => {
    for (let i = 0; i < 2; i++) {
      expect(compactTime(new Date('2026-03-29T00:59:59Z'), 'Europe/Berlin')).toBe('20260329015959');
      expect(compactTime(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('20260329030000');
      expect(compactTime(new Date('2026-10-25T00:59:59Z'), 'Europe/Berlin')).toBe('20261025025959');
      expect(compactTime(new Date('2026-10-25T01:00:00Z'), 'Europe/Berlin')).toBe('20261025020000');
    }
  });
  it('makes [from, to) ranges from days and instants', () => {
    const r = rangeOf('2026-05-01', '2026-05-03', tz);
    expect(r.start.toISOString()).toBe('2026-04-30T16:00:00.000Z');
    expect(r.end.toISOString()).toBe('2026-05-03T16:00:00.000Z');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});
