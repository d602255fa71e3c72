import { Card, Empty, Skeleton, Statistic } from 'antd';
import { AlipayCircleOutlined, CreditCardOutlined, RightOutlined, WechatOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChannelListItem } from '@mchweb/contract';
import { LoadError } from '@/components/load-error';
import { Permission } from '@/components/permission';
import { useChannelList } from '../api/channel-list';
import { percentOf, type Channel } from '../components/merchant-values';
import { NS } from '../i18n';
import '../components/merchant.css';

const ICON: Record<Channel, React.ReactNode> = {
  WECHAT: <WechatOutlined style={{ color: '#07a046' }} />,
  ALIPAY: <AlipayCircleOutlined style={{ color: '#1677ff' }} />,
  UNIONPAY: <CreditCardOutlined style={{ color: '#c8102e' }} />,
};

/** /channel: the channels open to the organisation, their default rates and the merchants that take them. */
export default function ChannelPage() {
  const { t } = useTranslation(NS);
  const channels = useChannelList();

  return (
    <section className="mch-page" data-testid="page-channel">
      <header className="mch-head">
        <div>
          <h1>{t('channel.title')}</h1>
          <p className="mch-intro">{t('channel.intro')}</p>
        </div>
      </header>
      {channels.isError ? (
        <LoadError title={t('channel.loadError')} error={channels.error} onRetry={() => void channels.refetch()} />
      ) : channels.isPending ? (
        <div className="mch-channels">
          {[0, 1, 2].map((i) => (
            <Card key={i}>
              <Skeleton active />
            </Card>
          ))}
        </div>
      ) : channels.data.length === 0 ? (
        <Empty description={t('channel.empty')} />
      ) : (
        <div className="mch-channels" data-testid="channel-list">
          {channels.data.map((c) => (
            <ChannelCard key={c.channel} c={c} />
          ))}
        </div>
      )}
    </section>
  );
}

function ChannelCard({ c }: { c: ChannelListItem }) {
  const { t } = useTranslation(NS);
  const name = c.name ?? t(`channelName.${c.channel}`);
  const headingId = `channel-${c.channel}`;
  return (
    <Card
      className="mch-channel-card"
      data-testid={`channel-card-${c.channel}`}
      title={
        <h2 className="mch-channel-name" id={headingId}>
          <span aria-hidden="true">{ICON[c.channel]}</span> {name}
        </h2>
      }
    >
      <div className="mch-channel-figures">
        <Statistic
          title={t('channel.defaultRate')}
          value={c.defaultRate}
          suffix="‰"
          precision={1}
          data-testid={`channel-rate-${c.channel}`}
        />
        <div className="mch-muted">= {percentOf(c.defaultRate)}%</div>
        <Statistic title={t('channel.merchants')} value={c.merchantCount} />
      </div>
      {c.merchantCount === 0 ? (
        <div className="mch-channel-none">
          <p className="mch-muted">{t('channel.none')}</p>
          <Permission codes={['onboarding:edit']}>
            <Link to="/merchant-entry">{t('channel.onboard')}</Link>
          </Permission>
        </div>
      ) : (
        <>
          {c.merchants.length < c.merchantCount && (
            <p className="mch-muted">{t('channel.newest', { shown: c.merchants.length, n: c.merchantCount })}</p>
          )}
          <ul className="mch-channel-merchants" aria-labelledby={headingId}>
            {c.merchants.map((m) => (
              <li key={m.mchNo}>
                <Link to={`/merchant?mchNo=${encodeURIComponent(m.mchNo)}`}>{m.name}</Link>
                <span className="mch-muted mch-nowrap">{t('channel.merchantRate', { rate: m.rate })}</span>
              </li>
            ))}
          </ul>
          <Link
            to={`/merchant?channel=${c.channel}`}
            className="mch-channel-all"
            data-testid={`channel-all-${c.channel}`}
          >
            {t('channel.viewAll', { channel: name, count: c.merchantCount })}
            <RightOutlined aria-hidden="true" />
          </Link>
        </>
      )}
    </Card>
  );
}
