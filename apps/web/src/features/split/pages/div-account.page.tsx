import { useState } from 'react';
import { Button, Empty, Grid } from 'antd';
import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SplitItem } from '@mchweb/contract';
import { KeysetTable } from '@/components/keyset-table';
import { PageHeader } from '@/components/page-header';
import { Permission } from '@/components/permission';
import { useSession } from '@/lib/session';
import { underReview, useSplitList } from '../api/split-list';
import { ApplyModal } from '../components/apply-modal';
import { CancelButton } from '../components/cancel-button';
import { SplitDrawer } from '../components/split-drawer';
import { SplitFilters, filterFromParams, paramsFromFilter } from '../components/split-filters';
import { SPLIT_APPLY_NO_PATTERN, SPLIT_TOTAL_LIMIT } from '../components/split-values';
import { ReceiverList } from '../components/receivers';
import { SplitStatusTag } from '../components/tags';
import { NS } from '../i18n';
import '../components/split.css';
import { businessTime } from '@/lib/business-time';

/**
 * /div-account: the organisation's profit-sharing applications (merchant, receivers with their ratios, total,
 * status, the day an approval applies from, the reason of a rejection), filtered by statuses and merchants kept in
 * the address (`?status=SUBMITTED&mch=M1`), keyset pages, a drawer with one application (`&open=D...`). With
 * split:apply: apply (a dialog) and cancel one still under review (a confirm). While one is under review the list
 * is read again until the platform has decided. A table from `md` up, one card an application on a phone.
 */
export default function DivAccountPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const list = useSplitList(filter);
  const narrow = !Grid.useBreakpoint().md;
  const { mchList } = useSession();
  const [applying, setApplying] = useState(false);
  const open = SPLIT_APPLY_NO_PATTERN.test(params.get('open') ?? '') ? params.get('open') : null;
  const setOpen = (applyNo: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (applyNo) next.set('open', applyNo);
        else next.delete('open');
        return next;
      },
      { replace: true },
    );
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  const waiting = underReview(list.data?.pages);
  const defaultMch =
    filter.mchNos?.[0] ?? mchList.find((m) => m.status === 'ACTIVE')?.mchNo ?? mchList[0]?.mchNo ?? null;

  const applyNo = (x: SplitItem) => (
    <Button
      type="link"
      className="split-no"
      onClick={() => setOpen(x.applyNo)}
      aria-haspopup="dialog"
      data-testid={`split-open-${x.applyNo}`}
    >
      {x.applyNo}
    </Button>
  );
  const status = (x: SplitItem) => (
    <>
      <SplitStatusTag status={x.status} />
      {x.status === 'REJECTED' && x.rejectReason && (
        <div className="split-reason" data-testid={`split-reason-${x.applyNo}`}>
          {x.rejectReason}
        </div>
      )}
    </>
  );
  const effective = (x: SplitItem) => (
    <span className="split-nowrap" data-testid={`split-effective-${x.applyNo}`}>
      {x.effectiveFrom ?? '—'}
    </span>
  );

  const columns = narrow
    ? [
        {
          key: 'card',
          render: (_: unknown, x: SplitItem) => (
            <div className="split-card" data-testid={`split-row-${x.applyNo}`}>
              <div className="split-card-head">
                <strong>{x.mchName}</strong>
                <SplitStatusTag status={x.status} />
              </div>
              <ReceiverList item={x} />
              <div className="split-card-total">
                {t('col.total')} <strong>{x.totalRatio}%</strong>
                {x.effectiveFrom && (
                  <span className="split-muted" data-testid={`split-effective-${x.applyNo}`}>
                    {' '}
                    · {t('divAccount.effective', { day: x.effectiveFrom })}
                  </span>
                )}
              </div>
              {x.status === 'REJECTED' && x.rejectReason && (
                <div className="split-reason" data-testid={`split-reason-${x.applyNo}`}>
                  {x.rejectReason}
                </div>
              )}
              <div className="split-card-foot">
                {applyNo(x)}
                <CancelButton item={x} />
              </div>
              <div className="split-muted">
                {t('divAccount.createdAt', { at: businessTime(x.createdAt, 'minute') })}
              </div>
            </div>
          ),
        },
      ]
    : [
        {
          title: t('col.applyNo'),
          key: 'applyNo',
          render: (_: unknown, x: SplitItem) => (
            <div data-testid={`split-row-${x.applyNo}`}>
              {applyNo(x)}
              <div className="split-muted split-nowrap">{businessTime(x.createdAt, 'minute')}</div>
            </div>
          ),
        },
        {
          title: t('col.merchant'),
          key: 'merchant',
          render: (_: unknown, x: SplitItem) => (
            <>
              {x.mchName}
              <div className="split-muted split-mono">{x.mchNo}</div>
            </>
          ),
        },
        {
          title: t('col.receivers'),
          key: 'receivers',
          render: (_: unknown, x: SplitItem) => <ReceiverList item={x} />,
        },
        {
          title: t('col.total'),
          dataIndex: 'totalRatio',
          align: 'right' as const,
          width: 64,
          render: (v: number) => <strong className="split-ratio-value">{v}%</strong>,
        },
        { title: t('col.status'), key: 'status', width: 130, render: (_: unknown, x: SplitItem) => status(x) },
        {
          title: t('col.effectiveFrom'),
          key: 'effectiveFrom',
          width: 110,
          render: (_: unknown, x: SplitItem) => effective(x),
        },
        {
          title: t('col.actions'),
          key: 'actions',
          width: 80,
          render: (_: unknown, x: SplitItem) => <CancelButton item={x} />,
        },
      ];

  const empty =
    Object.keys(filter).length > 0 ? (
      <Empty description={t('divAccount.noMatch')}>
        <Button onClick={() => setParams({})} data-testid="split-empty-reset">
          {t('filter.reset')}
        </Button>
      </Empty>
    ) : (
      <Empty description={t('divAccount.empty')}>
        <Permission codes={['split:apply']}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setApplying(true)} disabled={!mchList.length}>
            {t('divAccount.apply')}
          </Button>
        </Permission>
      </Empty>
    );

  return (
    <section data-testid="page-div-account">
      <PageHeader
        title={t('divAccount.title')}
        intro={t('divAccount.intro', { max: SPLIT_TOTAL_LIMIT })}
        actions={
          <Permission codes={['split:apply']}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setApplying(true)}
              disabled={mchList.length === 0}
              data-testid="split-apply"
            >
              {t('divAccount.apply')}
            </Button>
          </Permission>
        }
      />
      <SplitFilters filter={filter} onChange={(f) => setParams((p) => paramsFromFilter(f, p), { replace: true })} />
      {waiting && (
        <div className="split-muted split-waiting" role="status" data-testid="split-waiting">
          <SyncOutlined spin /> {t('divAccount.waiting')}
        </div>
      )}
      <KeysetTable<SplitItem>
        list={list}
        rows={rows}
        rowKey="applyNo"
        columns={columns}
        narrow={narrow}
        scrollX={1100}
        empty={empty}
        testId="split-table"
        loadErrorTitle={t('divAccount.loadError')}
        moreText={t('divAccount.more')}
        endText={t('divAccount.end', { count: rows.length })}
      />
      <SplitDrawer applyNo={open} narrow={narrow} onClose={() => setOpen(null)} />
      {applying && <ApplyModal mchNo={defaultMch} onClose={() => setApplying(false)} />}
    </section>
  );
}
