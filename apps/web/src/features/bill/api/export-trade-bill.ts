import type { ExportTradeBillBody } from '@mchweb/contract';
import { settlementEndpoints } from '@mchweb/contract/settlement/endpoints';
import { download } from '@/lib/api-client';
import { EXPORT_TIMEOUT_MS } from '@/components/export-buttons';

/**
 * POST /exportTradeBill (bill:export, S7.4): the day's bill in the WeChat trade-bill style, a CSV (UTF-8 with BOM,
 * rows then a summary block) or an XLSX (two sheets), saved under the server's file name. Binary: the request
 * layer skips its code checks; a JSON refusal shows its msg. `onProgress` gets the bytes received.
 */
export const exportTradeBill = (
  body: ExportTradeBillBody,
  onProgress?: (percent: number, loaded: number) => void,
  signal?: AbortSignal,
) =>
  download(
    settlementEndpoints.exportTradeBill,
    { body },
    { onProgress, fallbackName: `bill.${body.format}`, signal, timeout: EXPORT_TIMEOUT_MS },
  );
