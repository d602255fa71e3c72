import { Button, ConfigProvider, DatePicker, Select, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { BillBody } from '@mchweb/contract';
import { businessToday, lastDays } from '@/lib/date-range';
import { useSession } from '@/lib/session';
import { MCH_NO_PATTERN } from '@/components/reconciliation/values';
import { NS } from '../i18n';

const DAY = 'YYYY-MM-DD';
/** Yesterday: the last day that is complete and settled (T+1). */
export const defaultBillDate = (now: Date = new Date()) => lastDays(1, now)[0];

/**
 * The bill of /bill as kept in the address: `?mch=M100000001&date=2026-05-01`; without `mch` the whole
 * organisation, without a valid past or present `date` yesterday.
 */
export function billFromParams(params: URLSearchParams, now: Date = new Date()): BillBody {
  const mch = params.get('mch') ?? '';
  const date = params.get('date') ?? '';
  const valid = dayjs(date, DAY, true).isValid() && !dayjs(date).isAfter(dayjs(now), 'day');
  return { ...(MCH_NO_PATTERN.test(mch) ? { mchNo: mch } : {}), date: valid ? date : defaultBillDate(now) };
}

export const paramsFromBill = (bill: BillBody): Record<string, string> => ({
  ...(bill.mchNo ? { mch: bill.mchNo } : {}),
  date: bill.date,
});

/** The merchant (or all of them) and the day, with a step to the day before and after (never into the future). */
export function BillPicker({ bill, onChange }: { bill: BillBody; onChange: (b: BillBody) => void }) {
  const { t } = useTranslation(NS);
  const { mchList } = useSession();
  const day = dayjs(bill.date);
  const isToday = !day.isBefore(dayjs(businessToday()), 'day');
  const go = (date: string) => onChange({ ...bill, date });
  return (
    <ConfigProvider theme={{ token: { colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)' } }}>
      <div className="bill-picker" role="search" aria-label={t('pick.region')}>
        <Select
          value={bill.mchNo ?? ''}
          onChange={(mchNo: string) => onChange({ ...(mchNo ? { mchNo } : {}), date: bill.date })}
          options={[{ value: '', label: t('pick.all') }, ...mchList.map((m) => ({ value: m.mchNo, label: m.name }))]}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('pick.merchant')}
          className="bill-picker-mch"
          data-testid="bill-mch"
        />
        <Space.Compact className="bill-picker-day">
          <Button
            icon={<LeftOutlined />}
            onClick={() => go(day.subtract(1, 'day').format(DAY))}
            aria-label={t('pick.prev')}
            title={t('pick.prev')}
            data-testid="bill-prev"
          />
          <DatePicker
            value={day}
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs(businessToday()), 'day')}
            onChange={(d) => d && go(d.format(DAY))}
            aria-label={t('pick.date')}
            data-testid="bill-date"
          />
          <Button
            icon={<RightOutlined />}
            disabled={isToday}
            onClick={() => go(day.add(1, 'day').format(DAY))}
            aria-label={t('pick.next')}
            title={t('pick.next')}
            data-testid="bill-next"
          />
        </Space.Compact>
      </div>
    </ConfigProvider>
  );
}
