import type { ExportOrderBody } from '@mchweb/contract';
import { orderEndpoints } from '@mchweb/contract/order/endpoints';
import { download } from '@/lib/api-client';
import { EXPORT_TIMEOUT_MS } from '@/components/export-buttons';

/**
 * POST /exportOrder (order:export, S7.4): every row of the filter as a CSV (UTF-8 with BOM) or XLSX file, saved
 * under the server's file name. Binary: the request layer skips its code checks; a JSON refusal shows its msg.
 * The page's ExportButtons (components/) run it one at a time with the bytes received and a cancel.
 */
export const exportOrders = (
  body: ExportOrderBody,
  onProgress?: (percent: number, loaded: number) => void,
  signal?: AbortSignal,
) =>
  download(
    orderEndpoints.export,
    { body },
    { onProgress, fallbackName: `orders.${body.format}`, signal, timeout: EXPORT_TIMEOUT_MS },
  );
