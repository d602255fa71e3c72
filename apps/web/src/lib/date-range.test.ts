import { afterEach, describe, expect, it } from 'vitest';
import { resetBusinessZone } from './business-zone';
import { businessToday, dayEnd, dayStart, lastDays, rangeBounds } from './date-range';

describe('date-range helper', () => {
  it('S9.5 start date N days back and today as YYYY-MM-DD', () => {
    const now = new Date(2026, 2, 1, 15, 30); // 1 March 2026
    expect(lastDays(7, now)).toEqual(['2026-02-22', '2026-03-01']);
    expect(lastDays(0, now)).toEqual(['2026-03-01', '2026-03-01']);
    expect(lastDays(365, new Date(2024, 11, 31, 12))).toEqual(['2024-01-01', '2024-12-31']);
  });

  it('S9.5 "today" is the business day in China whatever the browser\'s zone: at 16:30 UTC it is already tomorrow', () => {
    const evening = new Date(Date.UTC(2026, 10, 23, 16, 30));
    expect(businessToday(evening)).toBe('2026-11-24');
    expect(lastDays(30, evening)).toEqual(['2026-10-25', '2026-11-24']);
    expect(lastDays(0, new Date(Date.UTC(2026, 10, 23, 15, 59)))).toEqual(['2026-11-23', '2026-11-23']);
  });

  it('S9.5 day bounds append 00:00:00 and 23:59:59', () => {
    expect(dayStart('2026-02-22')).toBe('2026-02-22 00:00:00');
    expect(dayEnd('2026-03-01')).toBe('2026-03-01 23:59:59');
    expect(rangeBounds(['2026-02-22', '2026-03-01'])).toEqual(['2026-02-22 00:00:00', '2026-03-01 23:59:59']);
  });
});

describe('today on a server whose business days are not China’s', () => {
  afterEach(() => resetBusinessZone());

  it('S9.5 is the day in the server’s zone: at 03:30 UTC it is still yesterday in New York, already today in China', () => {
    const early = new Date(Date.UTC(2026, 10, 26, 3, 30));
    expect(businessToday(early)).toBe('2026-11-26');
    resetBusinessZone('America/New_York');
    expect(businessToday(early)).toBe('2026-11-25');
    expect(lastDays(7, early)).toEqual(['2026-11-18', '2026-11-25']);
  });
});
