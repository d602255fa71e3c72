import { clickInDialog, expect, signIn, test } from '../support/fixtures.ts';
import { newOwner, PASSWORD } from './company.helpers.ts';
import { seriousViolations } from '../support/axe.ts';
import { fillSmallMicro, stepTitle, TEXT, useLanguage } from './onboarding.helpers.ts';

// This file's server rejects what is submitted (a worker of its own).
test.use({ serverEnv: { MCHWEB_AUTO_REVIEW: 'reject', MCHWEB_AUTO_REVIEW_DELAY_MS: '1000' } });

test.describe('a rejected application is corrected and submitted again, with the sandbox rejecting', () => {
  test('en-US: an owner fills in the wizard, the review rejects it, the owner corrects it and submits it again', async ({
    page,
    base,
    server,
  }) => {
    test.setTimeout(120_000);
    const L = TEXT['en-US'];
    const owner = await newOwner(server.url, 'Lakeside Dumplings');
    await useLanguage(page, 'en-US');
    await signIn(page, base, owner.mobile, PASSWORD);
    await expect(page).toHaveURL(/\/mchweb\/welcome/);
    await page.goto(`${base}/merchant-entry`);
    await page.getByTestId('entry-self').click();
    await expect(page).toHaveURL(/\/new-incomming$/);
    await fillSmallMicro(page, 'en-US', { name: 'Lakeside Dumplings', shortName: 'Lakeside', person: 'Chen Jie' });
    // A draft saved at the last step keeps its number in the address.
    await page.getByTestId('wizard-save').click();
    await expect(page).toHaveURL(/\/new-incomming\?applyNo=A\d{20}$/);
    await page.getByTestId('wizard-submit').click();
    await expect(page).toHaveURL(/\/audit-progress\?applyNo=A\d{20}/);
    await expect(page.getByTestId('progress-rejected')).toContainText(L.rejected, { timeout: 20_000 });
    await expect(page.getByTestId('progress-rejected')).toContainText('Sandbox review: rejected');

    await page.getByTestId('progress-correct').click();
    await expect(page.getByTestId('wizard-reject-reason')).toContainText('Sandbox review');
    await page.getByTestId('wizard-subject-shortName').fill('Lakeside Dumpling');
    // Leaving with a change unsaved asks first.
    await page.getByTestId('menu-incomming').click();
    await expect(page.getByTestId('leave-confirm')).toBeVisible();
    await clickInDialog(page, page.getByRole('button', { name: 'Stay' }));
    await expect(page).toHaveURL(/\/new-incomming\?applyNo=/);
    await page.getByTestId('wizard-steps').getByText(L.steps[4]!).click();
    await stepTitle(page, 'en-US', 4);
    await page.getByTestId('wizard-submit').click();
    await expect(page).toHaveURL(/\/audit-progress\?applyNo=A\d{20}/);
    await expect(page.getByTestId('event-RESUBMITTED')).toContainText(L.resubmitted);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
