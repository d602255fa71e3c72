import { DEMO, expect, signIn, test } from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { png, stepTitle, TEXT, uploadDocument } from './onboarding.helpers.ts';

// This file turns the demo organisation's rejected application into a sixth merchant, which other files (the
// merchant list's five demo merchants) must not see: a server of its own (a different option, a worker of its own).
test.use({ serverEnv: { MCHWEB_AUTO_REVIEW: 'approve' } });

test.describe('a rejected application is corrected and submitted again', () => {
  test('zh-CN: the demo owner corrects the rejected application (a new shop-front photo) and resubmits it; the sandbox approves it', async ({
    page,
    base,
  }) => {
    const L = TEXT['zh-CN'];
    await signIn(page, base, DEMO.owner);
    await expect(page).toHaveURL(/\/mchweb\/welcome/);
    await page.goto(`${base}/incomming?status=REJECTED`);
    const row = page.getByTestId('application-table').locator('tr.ant-table-row').first();
    await expect(row).toContainText('门头照不清晰');
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('link', { name: L.correct }).click();
    await expect(page.getByTestId('wizard-reject-reason')).toContainText('门头照不清晰');
    // Straight to the documents: every step before is complete, so the steps above open it.
    await page.getByTestId('wizard-steps').getByText(L.steps[4]!).click();
    await stepTitle(page, 'zh-CN', 4);
    await uploadDocument(page, 'SHOP_FRONT', {
      name: '门头照.png',
      mimeType: 'image/png',
      buffer: png([250, 200, 80]),
    });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('wizard-submit').click();
    await expect(page).toHaveURL(/\/audit-progress\?applyNo=A\d{20}/);
    await expect(page.getByTestId('event-RESUBMITTED')).toContainText(L.resubmitted);
    await expect(page.getByTestId('progress-approved')).toContainText(L.approved, { timeout: 20_000 });
  });
});
