import { expect, test } from '../support/fixtures.ts';
import { openPaidOrder, wallClock } from './order.helpers.ts';

/**
 * A server whose business days are New York's (MCHWEB_TZ) and a browser in Shanghai: the pages show every time and
 * count "today" in the server's zone, the one its bills and settlements count by, not the browser's nor China's.
 */
test.use({ serverEnv: { MCHWEB_TZ: 'America/New_York' }, timezoneId: 'Asia/Shanghai' });

test('S9.5 on a server counting New York’s days, /order shows New York’s times and ends its range on New York’s today', async ({
  page,
  base,
  server,
}) => {
  const { orderNo, paidAt } = await openPaidOrder(page, base, server.url);
  const row = page.locator('tr', { has: page.getByTestId(`order-row-${orderNo}`) });
  await expect(row).toContainText(wallClock(paidAt, 'America/New_York'));
  await expect(row).not.toContainText(wallClock(paidAt, 'Asia/Shanghai'));
  // The default range, the last 7 days: its end is New York's today (the day before China's, for 13 hours a day).
  await expect(page.getByRole('textbox', { name: '时间范围' }).nth(1)).toHaveValue(
    wallClock(new Date(), 'America/New_York').slice(0, 10),
  );
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Shanghai');
});
