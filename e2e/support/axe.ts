import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** A toast (antd message) sliding in or fading out: mid-animation its text has part of its final contrast. */
const TOAST_MOVING = '.ant-message-fade-appear, .ant-message-fade-enter, .ant-message-fade-leave';

/**
 * axe's serious and critical findings on the page at rest: no hover colours, no toast moving, the slide-fade of a
 * page ended. The shell's request progress bar (nprogress, S9.4) is left out: its `role="bar"` is the library's own
 * markup, not these pages'. A toast can start to fade out while axe reads the page (its time on screen ends): a
 * finding inside a fading toast means the page was read mid-animation, so it is read again, at most three times.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  for (let attempt = 1; ; attempt++) {
    await expect(page.locator(TOAST_MOVING)).toHaveCount(0, { timeout: 10_000 });
    await page.waitForTimeout(400);
    const result = await new AxeBuilder({ page }).exclude('#nprogress').analyze();
    const found = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    if (attempt < 3 && found.some((f) => f.includes('ant-message-fade'))) continue;
    return found;
  }
}
