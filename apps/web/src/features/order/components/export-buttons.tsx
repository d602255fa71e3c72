import { Button, Space, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrderFilter } from '@mchweb/contract';
import { toast } from '@/lib/toast';
import { useExportOrders } from '../api/export-orders';
import { NS } from '../i18n';

/** 1536 -> "1.5 KB": the bytes an export has received so far. */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Export every order of the filter as CSV or XLSX (the caller wraps it in `<Permission codes={['order:export']}>`).
 * The server streams the file, so its size is unknown until the end: the page shows the bytes received, with a
 * cancel. A refusal's msg is a toast (S7.4: the binary call skips the code checks but shows a JSON refusal).
 */
export function ExportButtons({ filter }: { filter: OrderFilter }) {
  const { t } = useTranslation(NS);
  const exporting = useExportOrders();
  const run = (format: 'csv' | 'xlsx') =>
    exporting.start({ filter, format }).then(
      (name) => toast.success(t('export.done', { name })),
      () => undefined, // cancelled, or refused: the request layer has shown the refusal
    );
  return (
    <div className="order-export">
      <Space wrap title={t('export.hint')}>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            icon={<DownloadOutlined />}
            disabled={exporting.busy}
            loading={exporting.progress?.format === format}
            onClick={() => void run(format)}
            data-testid={`order-export-${format}`}
          >
            {t(`export.${format}`)}
          </Button>
        ))}
      </Space>
      {exporting.progress && (
        <div className="order-export-progress" role="status" data-testid="order-export-progress">
          <Spin size="small" />
          <span>
            {t('export.running', {
              format: exporting.progress.format.toUpperCase(),
              size: byteSize(exporting.progress.loaded),
            })}
          </span>
          <Button size="small" type="link" onClick={exporting.cancel} data-testid="order-export-cancel">
            {t('export.cancel')}
          </Button>
        </div>
      )}
    </div>
  );
}
