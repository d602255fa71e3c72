import { seriousViolations } from '../support/axe.ts';
import { expect, signIn, test } from '../support/fixtures.ts';

test.describe('accessibility', () => {
  for (const path of ['/home', '/login', '/register']) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page, base }) => {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400); // let the slide-fade finish so colours are final
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('axe finds no serious or critical violation in the main layout', async ({ page, base }) => {
    await signIn(page, base);
    await expect(page).toHaveURL(/\/mchweb\/(welcome|organ-select)/);
    await page.goto(`${base}/order`);
    await expect(page.getByTestId('page-order')).toBeVisible();
    await page.waitForTimeout(400);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
