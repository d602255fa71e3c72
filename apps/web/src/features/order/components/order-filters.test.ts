import { describe, expect, it } from 'vitest';
import { activeFilters, filterFromParams, paramsFromFilter } from './order-filters';

const NOW = new Date('2026-05-08T10:00:00+08:00');
const read = (query: string) => filterFromParams(new URLSearchParams(query), NOW);

describe('the order filter in the address', () => {
  it('S9.5 defaults to the last 7 days and today, on the creation time', () => {
    expect(read('')).toEqual({ timeField: 'created', from: '2026-05-01', to: '2026-05-08' });
    expect(activeFilters(read(''), NOW)).toBe(0);
  });

  it('becomes the request body: amounts in yuan to fen, lists split, numbers checked', () => {
    const filter = read(
      'time=paid&from=2026-04-01&to=2026-04-30&mch=M100000001,M100000002&status=SUCCESS,REFUNDED&channel=ALIPAY' +
        '&min=10&max=99.5&orderNo=p20260501100000000001&codeNo=123456789012&label=%201号台%20',
    );
    expect(filter).toEqual({
      timeField: 'paid',
      from: '2026-04-01',
      to: '2026-04-30',
      mchNos: ['M100000001', 'M100000002'],
      statuses: ['SUCCESS', 'REFUNDED'],
      channels: ['ALIPAY'],
      amountMinFen: 1000,
      amountMaxFen: 9950,
      orderNo: 'P20260501100000000001',
      codeNo: '123456789012',
      label: '1号台',
    });
    expect(activeFilters(filter, NOW)).toBe(9);
    expect(paramsFromFilter(filter)).toEqual({
      time: 'paid',
      from: '2026-04-01',
      to: '2026-04-30',
      mch: 'M100000001,M100000002',
      status: 'SUCCESS,REFUNDED',
      channel: 'ALIPAY',
      min: '10',
      max: '99.5',
      orderNo: 'P20260501100000000001',
      codeNo: '123456789012',
      label: '1号台',
    });
    expect(read(new URLSearchParams(paramsFromFilter(filter)).toString())).toEqual(filter);
  });

  it('drops what the server would refuse: bad days, unknown values, malformed numbers and amounts', () => {
    expect(
      read(
        'from=2026-02-30&to=2026-03-01&status=PAID,SUCCESS,SUCCESS&channel=PAYPAL&mch=X1,M1&min=1.234&max=-5' +
          '&orderNo=P123&codeNo=012345678901&label=%20',
      ),
    ).toEqual({ timeField: 'created', from: '2026-05-01', to: '2026-05-08', statuses: ['SUCCESS'] });
    // A range the wrong way round is not a range.
    expect(read('from=2026-05-05&to=2026-05-01')).toMatchObject({ from: '2026-05-01', to: '2026-05-08' });
  });
});
