import { expect, type Page } from '@playwright/test';

const OPEN_LIST = '.ant-select-dropdown:visible';

/**
 * Choose an option of an antd Select (the element with `data-testid={testId}`) by the text it shows, and wait until
 * the select shows it. A click on an option was lost once (staff.manage, in a fresh clone's npm test: the invitation
 * went out with no role; why is not known), so the choice is checked on the select and, if it did not take, made
 * again. Only options of the list on screen are clicked: a closed list of another select stays in the DOM.
 *
 * `multiple`: the select keeps several values. Clicking a chosen option again would remove it, so the click is not
 * repeated; the open list is closed with Escape afterwards (a single select closes itself, and an Escape then would
 * close the dialog around it).
 */
export async function choose(page: Page, testId: string, text: string | RegExp, { multiple = false } = {}) {
  const select = page.getByTestId(testId);
  const option = page.locator(`${OPEN_LIST} .ant-select-item-option`, { hasText: text }).first();
  if (multiple) {
    await select.click();
    await option.click();
    await expect(select).toContainText(text);
    await page.keyboard.press('Escape');
  } else {
    await expect(async () => {
      if ((await page.locator(OPEN_LIST).count()) === 0) await select.click();
      await option.click({ timeout: 5_000 });
      await expect(select).toContainText(text, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }
  // Until its closing animation ends, the list is still there (and axe would read it).
  await expect(page.locator(OPEN_LIST)).toHaveCount(0);
}
