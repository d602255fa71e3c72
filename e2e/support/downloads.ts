import fs from 'node:fs';
import { expect, type Download, type Page, type Request } from '@playwright/test';

/**
 * Click an export button (`<prefix>-csv`, `<prefix>-xlsx` of ExportButtons) and take the file it saves.
 *
 * The button is clicked again when, 10 s on, no export request has left and no progress shows: on a loaded
 * machine a click can be lost (CI once waited 45 s for the CSV of /order just after its drawer closed, with no
 * word of why). A request that left fails by its answer (a refusal's text, or the network's error) rather than by
 * a download that never comes.
 */
export async function savedExport(page: Page, testId: string): Promise<{ download: Download; bytes: Buffer }> {
  const progress = page.getByTestId(testId.replace(/-[a-z]+$/, '-progress'));
  const sent: Request[] = [];
  const onRequest = (r: Request) => {
    if (r.method() === 'POST' && /\/export/i.test(new URL(r.url()).pathname)) sent.push(r);
  };
  page.on('request', onRequest);
  const download = page.waitForEvent('download', { timeout: 90_000 });
  download.catch(() => undefined); // awaited below; a failure before then is reported instead
  try {
    for (let click = 1; sent.length === 0; click++) {
      if (click > 3) throw new Error(`${testId}: three clicks sent no export request`);
      await page.getByTestId(testId).click();
      await expect
        .poll(async () => sent.length > 0 || (await progress.isVisible()), { timeout: 10_000 })
        .toBe(true)
        .catch(() => undefined);
      if (sent.length === 0 && (await progress.isVisible())) await expect.poll(() => sent.length).toBeGreaterThan(0);
    }
    const request = sent[0]!;
    const response = await request.response();
    if (!response) throw new Error(`${testId}: the export request failed: ${request.failure()?.errorText}`);
    if (/json/.test(response.headers()['content-type'] ?? '')) {
      throw new Error(`${testId}: the export was refused: ${await response.text()}`);
    }
    const file = await download;
    return { download: file, bytes: fs.readFileSync((await file.path())!) };
  } finally {
    page.off('request', onRequest);
  }
}
