import type { Page } from '@playwright/test';
import { expect, openApp, test } from '../support/fixtures.ts';

/** The paint entries Chromium has recorded for the document so far. */
const paints = (page: Page) => page.evaluate(() => performance.getEntriesByType('paint').map((e) => e.name));

test.describe('first paint', () => {
  // Issue 14.10: the whole page used to fade in from opacity 0, and Chromium records no first-contentful-paint
  // for content the compositor fades in: /login and /register had none (Lighthouse: NO_FCP).
  // Animations run 50 times slower here, so a page that fades in is still fading when the test looks, however
  // slowly a loaded machine paints its first frame.
  for (const path of ['/login', '/register', '/home']) {
    test(`14.10 ${path} paints contentful: first-contentful-paint is recorded`, async ({ page, base }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Animation.enable');
      await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.02 });
      await page.goto(`${base}${path}`);
      await expect.poll(() => paints(page), { timeout: 15_000 }).toContain('first-contentful-paint');
    });
  }

  test('14.10 the first page of a document appears at once; the next one still slides in (S2.4)', async ({
    page,
    base,
  }) => {
    await openApp(page, `${base}/login`);
    const animation = () => page.getByTestId('page-transition').evaluate((el) => getComputedStyle(el).animationName);
    expect(await animation()).toBe('none');
    await page.getByRole('link', { name: '立即注册' }).click();
    await expect(page.getByTestId('register-submit')).toBeVisible();
    expect(await animation()).toBe('page-slide-fade');
  });
});
