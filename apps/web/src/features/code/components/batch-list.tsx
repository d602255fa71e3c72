import { useState } from 'react';
import { Button, Card, Empty, Space, Spin } from 'antd';
import { DownOutlined, FilePdfOutlined, LinkOutlined, UpOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CodeBatch, CodeListItem } from '@mchweb/contract';
import { LoadError } from '@/components/load-error';
import { Permission, useHasPermission } from '@/components/permission';
import { toast } from '@/lib/toast';
import { useBatchList } from '../api/batch-list';
import { downloadSheet } from '../api/code-sheet';
import { useCodeList } from '../api/code-list';
import { PngButton, useCodeConfirms } from './code-actions';
import { CodeTable } from './code-table';
import { CODE_STATUS_LIST } from './code-values';
import { LoadMore } from './load-more';
import { CodeStatusTag } from './status-tag';
import { NS } from '../i18n';
import { businessTime } from '@/lib/business-time';

/** The printable sheet of a batch, busy while the server makes it. */
function SheetButton({ batch, narrow }: { batch: CodeBatch; narrow: boolean }) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      toast.success(t('batch.sheetDone', { name: await downloadSheet(batch.batchNo) }));
    } catch {
      // a refusal is toasted by the download helper; a network failure by the request layer
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={busy}
      onClick={() => void onClick()}
      aria-label={`${t('batch.sheet')} ${batch.batchNo}`}
      data-testid={`batch-sheet-${batch.batchNo}`}
    >
      {narrow ? t('batch.sheetShort') : t('batch.sheet')}
    </Button>
  );
}

/** The codes of one batch with what the member may do to each: PNG, bind (a link), disable. */
function BatchCodes({ batchNo, narrow }: { batchNo: string; narrow: boolean }) {
  const { t } = useTranslation(NS);
  const list = useCodeList({ batchNo });
  const { confirmDisable } = useCodeConfirms();
  const canBind = useHasPermission(['code:bind']);
  const actions = (c: CodeListItem) => (
    <Space size={8} wrap>
      <PngButton code={c} />
      {canBind && c.status !== 'DISABLED' && (
        <Link to={`/mch-code-setting?codeNo=${c.codeNo}`} data-testid={`code-bind-${c.codeNo}`}>
          <LinkOutlined /> {c.status === 'BOUND' ? t('code.rebind') : t('code.bind')}
        </Link>
      )}
      {c.status !== 'DISABLED' && (
        <Permission codes={['code:edit']}>
          <Button size="small" danger onClick={() => confirmDisable(c)} data-testid={`code-disable-${c.codeNo}`}>
            {t('code.disable')}
          </Button>
        </Permission>
      )}
    </Space>
  );
  return (
    <div className="code-batch-codes">
      <CodeTable
        query={list}
        narrow={narrow}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('code.empty')} />}
        actions={actions}
        testId={`batch-codes-${batchNo}`}
      />
    </div>
  );
}

/**
 * The organisation's batches newest first: number, when and by whom, how many codes in each status, the printable
 * sheet; a batch opens to its codes. `opened` is the batch to show open (a batch just generated).
 */
export function BatchList({
  narrow,
  opened,
  empty,
}: {
  narrow: boolean;
  opened: string | null;
  empty: React.ReactNode;
}) {
  const { t } = useTranslation(NS);
  const list = useBatchList();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  const isOpen = (b: CodeBatch) => open[b.batchNo] ?? b.batchNo === opened;

  if (list.isError) {
    return <LoadError title={t('batch.loadError')} error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (list.isPending) return <Spin className="code-more" />;
  if (rows.length === 0) return <>{empty}</>;
  return (
    <div className="code-batches" data-testid="batch-list">
      {rows.map((b) => (
        <Card key={b.batchNo} className="code-batch" data-testid={`batch-${b.batchNo}`}>
          <div className="code-batch-head">
            <div>
              <h3 className="code-batch-title code-mono">{b.batchNo}</h3>
              <div className="code-muted">
                {b.createdBy
                  ? t('batch.createdBy', { by: b.createdBy, at: businessTime(b.createdAt, 'minute') })
                  : t('batch.createdAt', { at: businessTime(b.createdAt, 'minute') })}
              </div>
              <div className="code-batch-counts" data-testid={`batch-counts-${b.batchNo}`}>
                <span className="code-muted">{t('batch.count', { count: b.count })}</span>
                {CODE_STATUS_LIST.filter((s) => b.counts[s] > 0).map((s) => (
                  <span key={s} data-count={b.counts[s]}>
                    <CodeStatusTag status={s} /> {b.counts[s]}
                  </span>
                ))}
              </div>
            </div>
            <div className="code-batch-actions">
              <SheetButton batch={b} narrow={narrow} />
              <Button
                icon={isOpen(b) ? <UpOutlined /> : <DownOutlined />}
                onClick={() => setOpen({ ...open, [b.batchNo]: !isOpen(b) })}
                aria-expanded={isOpen(b)}
                data-testid={`batch-toggle-${b.batchNo}`}
              >
                {isOpen(b) ? t('batch.hideCodes') : t('batch.showCodes')}
              </Button>
            </div>
          </div>
          {isOpen(b) && <BatchCodes batchNo={b.batchNo} narrow={narrow} />}
        </Card>
      ))}
      <LoadMore
        query={list}
        shown={rows.length}
        more={t('batch.more')}
        end={t('batch.end', { count: rows.length })}
        testId="batch-more"
      />
    </div>
  );
}
