import { useRef, useState } from 'react';
import { Button, Space, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { SHARED_NS } from './shared-i18n';
import './shared.css';

export type ExportFormat = 'csv' | 'xlsx';
/** An export call: the format, the bytes received so far, a signal to cancel; resolves to the saved file's name. */
export type RunExport = (
  format: ExportFormat,
  onProgress: (percent: number, loaded: number) => void,
  signal: AbortSignal,
) => Promise<string>;

/** A filter of a million rows streams for minutes; the request layer's 60 s would cut it off. */
export const EXPORT_TIMEOUT_MS = 15 * 60_000;

/** 1536 -> "1.5 KB": the bytes an export has received so far. */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export interface ExportProgress {
  format: ExportFormat;
  /** Bytes received so far (the server streams the file, so its size is not known in advance). */
  loaded: number;
}

/**
 * One export at a time with its progress in bytes and a cancel. `start` resolves to the saved file's name; a
 * cancelled export rejects with axios's CanceledError, which the request layer shows nothing for.
 */
export function useFileExport(run: RunExport) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (format: ExportFormat) => {
      controller.current = new AbortController();
      setProgress({ format, loaded: 0 });
      return run(format, (_, loaded) => setProgress({ format, loaded }), controller.current.signal);
    },
    onSettled: () => {
      controller.current = null;
      setProgress(null);
    },
  });
  return {
    start: mutation.mutateAsync,
    cancel: () => controller.current?.abort(),
    busy: mutation.isPending,
    progress,
  };
}

/**
 * CSV and XLSX buttons for an export (S7.4; the caller wraps them in `<Permission>`). The server streams the
 * file, so its size is unknown until the end: the bytes received show while it comes, with a cancel. A refusal's
 * msg is a toast (the binary call skips the code checks but shows a JSON refusal). Test ids `<testId>-csv`,
 * `<testId>-xlsx`, `<testId>-progress`, `<testId>-cancel`.
 */
export function ExportButtons({ run, testId, hint }: { run: RunExport; testId: string; hint?: string }) {
  const { t } = useTranslation(SHARED_NS);
  const exporting = useFileExport(run);
  const start = (format: ExportFormat) =>
    exporting.start(format).then(
      (name) => toast.success(t('export.done', { name })),
      () => undefined, // cancelled, or refused: the request layer has shown the refusal
    );
  return (
    <div className="shared-export">
      <Space wrap title={hint}>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            icon={<DownloadOutlined />}
            disabled={exporting.busy}
            loading={exporting.progress?.format === format}
            onClick={() => void start(format)}
            data-testid={`${testId}-${format}`}
          >
            {t(`export.${format}`)}
          </Button>
        ))}
      </Space>
      {exporting.progress && (
        <div className="shared-export-progress" role="status" data-testid={`${testId}-progress`}>
          <Spin size="small" />
          <span>
            {t('export.running', {
              format: exporting.progress.format.toUpperCase(),
              size: byteSize(exporting.progress.loaded),
            })}
          </span>
          <Button size="small" type="link" onClick={exporting.cancel} data-testid={`${testId}-cancel`}>
            {t('export.cancel')}
          </Button>
        </div>
      )}
    </div>
  );
}
