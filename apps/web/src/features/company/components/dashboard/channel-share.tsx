import { useMemo } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardOverview } from '@mchweb/contract';
import { RECON_NS } from '@/components/reconciliation/i18n';
import { yuan } from '@/lib/money';
import { EChart } from '@/components/echart/chart';
import { DASHBOARD_NS } from '../../dashboard-i18n';

/** The channels' own colours, as payers know them. */
const COLOURS: Record<string, string> = { WECHAT: '#07a35a', ALIPAY: '#1677ff', UNIONPAY: '#c8161d' };

/** "12.3": a share in percent with one decimal, from whole fen (no float sums of money). */
const percent = (part: number, whole: number) => (whole > 0 ? ((part * 1000) / whole / 10).toFixed(1) : '0.0');

/**
 * The 30 days' trade by channel: a ring chart, and beside it the same figures as a list (channel, amount, share,
 * payments), which is also its text alternative.
 */
export function ChannelShare({ channels }: { channels: DashboardOverview['channels'] }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { t: tr } = useTranslation(RECON_NS);
  const lines = useMemo(() => channels.filter((c) => c.amountFen > 0), [channels]);
  const whole = lines.reduce((a, c) => a + c.amountFen, 0);
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: {
        trigger: 'item',
        valueFormatter: (v: number) => `¥${v.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      },
      series: [
        {
          type: 'pie',
          radius: ['52%', '80%'],
          label: { show: false },
          data: lines.map((c) => ({
            name: tr(`channel.${c.channel}`),
            value: c.amountFen / 100,
            itemStyle: { color: COLOURS[c.channel] },
          })),
        },
      ],
    }),
    [lines, tr],
  );
  if (lines.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('channels.empty')} />;
  const sentence = lines
    .map((c) => `${tr(`channel.${c.channel}`)} ${yuan(c.amountFen)} (${percent(c.amountFen, whole)}%)`)
    .join('; ');
  return (
    <div className="dashboard-share">
      <EChart option={option} height={180} label={sentence} testId="dashboard-channels" />
      <ul className="dashboard-share-list" aria-label={t('channels.list')} data-testid="dashboard-channel-list">
        {lines.map((c) => (
          <li key={c.channel}>
            <span className="dashboard-dot" style={{ background: COLOURS[c.channel] }} aria-hidden="true" />
            <span className="dashboard-share-name">{tr(`channel.${c.channel}`)}</span>
            <span className="dashboard-share-value">
              <strong className="recon-money">{yuan(c.amountFen)}</strong>
              <span className="recon-muted">
                {' '}
                {t('channels.share', { percent: percent(c.amountFen, whole) })} · {t('top.count', { count: c.count })}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
