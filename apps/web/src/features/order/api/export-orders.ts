import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ExportOrderBody } from '@mchweb/contract';
import { download } from '@/lib/api';

/** A filter of a million rows streams for minutes; the request layer's 60 s would cut it off. */
export const EXPORT_TIMEOUT_MS = 15 * 60_000;

/**
 * POST /exportOrder (order:export, S7.4): every row of the filter as a CSV (UTF-8 with BOM) or XLSX file, saved
 * under the server's file name. Binary: the request layer skips its code checks; a JSON refusal shows its msg.
 */
export const exportOrders = (
  body: ExportOrderBody,
  onProgress?: (percent: number, loaded: number) => void,
  signal?: AbortSignal,
) => download('/exportOrder', body, onProgress, `orders.${body.format}`, { signal, timeout: EXPORT_TIMEOUT_MS });

export interface ExportProgress {
  format: ExportOrderBody['format'];
  /** Bytes received so far (the server streams the file, so its size is not known in advance). */
  loaded: number;
}

/**
 * One export at a time with its progress in bytes and a cancel. Resolves to the saved file's name; a cancelled
 * export rejects with axios's CanceledError, which the request layer shows nothing for.
 */
export function useExportOrders() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (body: ExportOrderBody) => {
      controller.current = new AbortController();
      setProgress({ format: body.format, loaded: 0 });
      return exportOrders(body, (_, loaded) => setProgress({ format: body.format, loaded }), controller.current.signal);
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
