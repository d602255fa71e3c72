import { describe, expect, it } from 'vitest';
import { lastDays } from '@/lib/date-range';
import { activeFilters, filterFromParams, paramsFromFilter } from './settlement-filters';

const now = new Date('2026-05-31T10:00:00+08:00');

describe('settlement filter in the address', () => {
  it('defaults to the last 30 days and today (S9.5), and keeps what it is given', () => {
    const [from, to] = lastDays(30, now);
    expect(filterFromParams(new URLSearchParams(), now)).toEqual({ from, to });
    const filter = filterFromParams(
      new URLSearchParams('from=2026-05-01&to=2026-05-07&mch=M100000001,M100000002&status=FAILED,PENDING'),
      now,
    );
    expect(filter).toEqual({
      from: '2026-05-01',
      to: '2026-05-07',
      mchNos: ['M100000001', 'M100000002'],
      statuses: ['FAILED', 'PENDING'],
    });
    expect(filterFromParams(new URLSearchParams(paramsFromFilter(filter)), now)).toEqual(filter);
    expect(activeFilters(filter, now)).toBe(3);
    expect(activeFilters({ from, to }, now)).toBe(0);
  });

  it('drops what the server would refuse: reversed or malformed days, unknown statuses, bad merchant numbers', () => {
    const [from, to] = lastDays(30, now);
    expect(
      filterFromParams(new URLSearchParams('from=2026-05-09&to=2026-05-01&mch=X1,M1&status=DONE,SETTLED,SETTLED'), now),
    ).toEqual({ from, to, statuses: ['SETTLED'] });
    expect(filterFromParams(new URLSearchParams('from=2026-02-30&to=2026-05-01'), now)).toEqual({ from, to });
  });
});
