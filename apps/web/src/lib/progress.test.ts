import { afterEach, expect, it, vi } from 'vitest';
import { PROGRESS_DONE_DELAY_MS, progressBegin, progressEnd } from './progress';

const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
afterEach(() => {
  process.off('unhandledRejection', onRejection);
  vi.unstubAllGlobals();
});

// With the page gone (as when a unit test's environment is torn down before the bar's timer fires) nprogress
// throws when it draws. The bar is decoration, so that must never become an unhandled error.
it('S9.4 the progress bar raises no error when there is no page to draw on', async () => {
  process.on('unhandledRejection', onRejection);
  progressBegin();
  await vi.waitFor(() => expect(document.getElementById('nprogress')).not.toBeNull());
  vi.stubGlobal('document', undefined);
  progressEnd();
  await new Promise((r) => setTimeout(r, PROGRESS_DONE_DELAY_MS + 300));
  expect(rejections).toEqual([]);
});
