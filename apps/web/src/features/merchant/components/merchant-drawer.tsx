import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Skeleton, Space, Table, Timeline, Typography } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChannelRate, MerchantDetail, MerchantStatusChange } from '@mchweb/contract';
import { FigureBar } from '@/components/figure-bar';
import { LoadError } from '@/components/load-error';
import { Permission, useHasPermission } from '@/components/permission';
import { yuan } from '@/lib/money';
import { useMerchantBalance } from '../api/merchant-balance';
import { useMerchantDetail } from '../api/merchant-detail';
import { percentOf } from './merchant-values';
import { MerchantStatusTag } from './status-tag';
import { StatusChangeModal } from './status-change-modal';
import { NS } from '../i18n';
import { businessTime } from '@/lib/business-time';

/** The drawer's two lists of facts, drawn alike: one column, labels of one width. */
const DESCRIBED = { size: 'small', column: 1, bordered: true, styles: { label: { width: '36%' } } } as const;

/** One merchant: basics, channels and rates, the masked settlement account, the status history; freeze/unfreeze. */
export function MerchantDrawer({
  mchNo,
  onClose,
  narrow,
}: {
  mchNo: string | null;
  onClose: () => void;
  narrow: boolean;
}) {
  const { t } = useTranslation(NS);
  const detail = useMerchantDetail(mchNo);
  const [changing, setChanging] = useState<'freeze' | 'unfreeze' | null>(null);
  const m = detail.data;

  const actions = m && (m.status === 'ACTIVE' || m.status === 'FROZEN') && (
    <Permission codes={['merchant:edit']}>
      {m.status === 'ACTIVE' ? (
        <Button danger icon={<LockOutlined />} onClick={() => setChanging('freeze')} data-testid="merchant-freeze">
          {t('freeze.button')}
        </Button>
      ) : (
        <Button
          type="primary"
          icon={<UnlockOutlined />}
          onClick={() => setChanging('unfreeze')}
          data-testid="merchant-unfreeze"
        >
          {t('unfreeze.button')}
        </Button>
      )}
    </Permission>
  );

  return (
    <Drawer
      open={mchNo !== null}
      onClose={onClose}
      size={narrow ? '100%' : 640}
      title={t('drawer.title')}
      closable={{ 'aria-label': t('drawer.close') }}
      extra={actions}
      destroyOnHidden
      data-testid="merchant-drawer"
    >
      {detail.isError ? (
        <LoadError title={t('drawer.loadError')} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !m ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <DetailBody m={m} />
      )}
      {changing && m && (
        <StatusChangeModal
          action={changing}
          merchant={{ mchNo: m.mchNo, name: m.name }}
          onClose={() => setChanging(null)}
        />
      )}
    </Drawer>
  );
}

function DetailBody({ m }: { m: MerchantDetail }) {
  const { t } = useTranslation(NS);
  const canSeeApplications = useHasPermission(['onboarding:view']);
  const item = (key: string, label: string, children: React.ReactNode) => ({ key, label, children });
  const application = m.applyNo ? (
    canSeeApplications ? (
      <Link to={`/audit-progress?applyNo=${encodeURIComponent(m.applyNo)}`} data-testid="merchant-application">
        {t('drawer.applicationLink', { applyNo: m.applyNo })}
      </Link>
    ) : (
      <span className="mch-mono">{m.applyNo}</span>
    )
  ) : (
    <Typography.Text type="secondary">{t('drawer.noApplication')}</Typography.Text>
  );

  return (
    // Focusable, so a keyboard scrolls the drawer even when the merchant offers no link (axe:
    // scrollable-region-focusable).
    <div className="mch-detail" tabIndex={0} role="region" aria-label={m.name}>
      <header className="mch-detail-head">
        <Space size={8} wrap>
          <h2 className="mch-detail-name" data-testid="merchant-detail-name">
            {m.name}
          </h2>
          <MerchantStatusTag status={m.status} />
        </Space>
        <div className="mch-muted">
          <span className="mch-mono">{m.mchNo}</span> · {m.shortName}
        </div>
      </header>
      {m.status === 'FROZEN' && <Alert type="warning" showIcon title={t('drawer.frozenNote')} className="mch-note" />}
      {m.status === 'CLOSED' && <Alert type="info" showIcon title={t('drawer.closedNote')} className="mch-note" />}
      <BalanceSection mchNo={m.mchNo} />

      <section aria-labelledby="mch-basics">
        <h3 id="mch-basics">{t('drawer.basics')}</h3>
        <Descriptions
          {...DESCRIBED}
          items={[
            item('type', t('drawer.type'), t(`type.${m.type}`)),
            item('category', t('drawer.category'), t(`category.${m.category}`)),
            item('creditCode', t('drawer.creditCode'), m.creditCode ?? '—'),
            item('legalPerson', t('drawer.legalPerson'), m.legalPersonName),
            item('address', t('drawer.address'), m.address),
            item('servicePhone', t('drawer.servicePhone'), m.servicePhone),
            item('created', t('drawer.created'), businessTime(m.createdAt, 'minute')),
            item('application', t('drawer.application'), application),
          ]}
        />
      </section>

      <section aria-labelledby="mch-channels">
        <h3 id="mch-channels">{t('drawer.channels')}</h3>
        <Table<ChannelRate>
          rowKey="channel"
          size="small"
          pagination={false}
          dataSource={m.channels}
          locale={{ emptyText: t('drawer.noRates') }}
          columns={[
            {
              title: t('drawer.channel'),
              dataIndex: 'channel',
              render: (c: ChannelRate['channel']) => t(`channelName.${c}`),
            },
            {
              title: t('drawer.rate'),
              dataIndex: 'rate',
              align: 'right',
              render: (rate: number) => t('rate', { rate, percent: percentOf(rate) }),
            },
          ]}
          data-testid="merchant-rates"
        />
      </section>

      <section aria-labelledby="mch-settlement">
        <h3 id="mch-settlement">{t('drawer.settlement')}</h3>
        <Descriptions
          {...DESCRIBED}
          items={[
            item('accountType', t('drawer.accountType'), t(`accountType.${m.settlement.accountType}`)),
            item('bank', t('drawer.bank'), m.settlement.bankName),
            item('branch', t('drawer.branch'), m.settlement.branchName),
            item('accountName', t('drawer.accountName'), m.settlement.accountName),
            item(
              'accountNumber',
              t('drawer.accountNumber'),
              <span>
                <span className="mch-mono" data-testid="merchant-account">
                  {m.settlement.accountNumberMasked}
                </span>{' '}
                <Typography.Text type="secondary" className="mch-hint">
                  {t('drawer.maskedHint')}
                </Typography.Text>
              </span>,
            ),
          ]}
        />
      </section>

      <section aria-labelledby="mch-history">
        <h3 id="mch-history">{t('drawer.history')}</h3>
        <Timeline
          className="mch-history"
          data-testid="merchant-history"
          items={m.statusHistory.map((h, i) => ({
            key: i,
            color: h.to === 'ACTIVE' ? 'green' : h.to === 'FROZEN' ? 'orange' : 'gray',
            content: <HistoryEntry h={h} />,
          }))}
        />
      </section>
    </div>
  );
}

/** The merchant's balance (pending, available, in transit) for a member with transfer:view; nothing for others. */
function BalanceSection({ mchNo }: { mchNo: string }) {
  const { t } = useTranslation(NS);
  const allowed = useHasPermission(['transfer:view']);
  const balance = useMerchantBalance(mchNo, allowed);
  if (!allowed) return null;
  const b = balance.data;
  const figure = (key: 'pending' | 'available' | 'inTransit', fen: number | undefined) => ({
    key,
    label: t(`drawer.${key}`),
    value: fen === undefined ? undefined : yuan(fen),
  });
  return (
    <section aria-labelledby="mch-balance">
      <h3 id="mch-balance" className="mch-balance-head">
        {t('drawer.balance')}
        <Link to={`/transfer-list?mch=${encodeURIComponent(mchNo)}`} className="mch-balance-link">
          {t('drawer.transfers')}
        </Link>
      </h3>
      <FigureBar
        label={t('drawer.balance')}
        testId="merchant-balance"
        error={balance.error}
        errorTitle={t('drawer.balanceLoadError')}
        onRetry={() => void balance.refetch()}
        figures={[
          figure('pending', b?.pendingFen),
          { ...figure('available', b?.availableFen), tone: 'net' as const },
          figure('inTransit', b?.inTransitFen),
        ]}
      />
    </section>
  );
}

function HistoryEntry({ h }: { h: MerchantStatusChange }) {
  const { t } = useTranslation(NS);
  return (
    <div className="mch-history-entry" data-testid="merchant-history-entry">
      <strong>
        {h.from === null
          ? t('drawer.created_event')
          : t('drawer.change', { from: t(`status.${h.from}`), to: t(`status.${h.to}`) })}
      </strong>
      <div className="mch-muted">
        {businessTime(h.at, 'minute')} · {t('drawer.by', { who: h.by ?? t('drawer.system') })}
      </div>
      {h.reason && <div className="mch-history-reason">{t('drawer.reason', { reason: h.reason })}</div>}
    </div>
  );
}
