import type { ExportSettlementBody } from '@mchweb/contract';
import { settlementEndpoints } from '@mchweb/contract/settlement/endpoints';
import { download } from '@/lib/api-client';
import { EXPORT_TIMEOUT_MS } from '@/components/export-buttons';

/**
 * POST /exportSettlement (settlement:export, S7.4): every settlement of the filter as a CSV (UTF-8 with BOM) or
 * XLSX file, saved under the server's file name. Binary: the request layer skips its code checks; a JSON refusal
 * shows its msg. `onProgress` gets the bytes received (the file streams without a length).
 */
export const exportSettlements = (
  body: ExportSettlementBody,
  onProgress?: (percent: number, loaded: number) => void,
  signal?: AbortSignal,
) =>
  download(
    settlementEndpoints.export,
    { body },
    { onProgress, fallbackName: `settlements.${body.format}`, signal, timeout: EXPORT_TIMEOUT_MS },
  );
