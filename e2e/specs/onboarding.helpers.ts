import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { luhnCheckDigit, residentIdCheckChar } from '@mchweb/contract/id-checks';
import { expect } from '../support/fixtures.ts';

/** Helpers of the onboarding specs: the wizard's words in each language, documents to upload, filling it in. */

export type Lang = 'zh-CN' | 'en-US';

/** What the specs read and click, as each language writes it (apps/web/src/features/onboarding/strings.*). */
export const TEXT = {
  'zh-CN': {
    smallMicro: '小微商户',
    individual: '个体工商户',
    catering: '餐饮',
    longTerm: '长期',
    required: '必填',
    checkDigit: '校验位不正确，请核对号码',
    steps: ['主体信息', '法人信息', '结算账户', '费率', '证件材料'],
    idValidFrom: '证件有效期起',
    category: '经营类目',
    thanks: '感谢您的提交，我们正在审核',
    approved: '审核通过，商户已开通',
    rejected: '审核驳回',
    inviteUsed: '已使用',
    resubmitted: '修改后重新提交',
    resubmit: '重新提交',
    correct: '修改并重新提交',
  },
  'en-US': {
    smallMicro: 'Small-micro',
    individual: 'Individual business',
    catering: 'Food and drink',
    longTerm: 'Long-term',
    required: 'Required',
    checkDigit: 'The check digit is wrong: check the number',
    steps: ['Business', 'Legal person', 'Settlement account', 'Rates', 'Documents'],
    idValidFrom: 'ID valid from',
    category: 'Business category',
    thanks: 'Thank you: we are reviewing your application',
    approved: 'Approved: the merchant is open',
    rejected: 'Rejected',
    inviteUsed: 'Used',
    resubmitted: 'Corrected and submitted again',
    resubmit: 'Submit again',
    correct: 'Correct and resubmit',
  },
} as const;

/** Open pages in `lang` (the app keeps the choice in localStorage `language`). */
export async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => localStorage.setItem('language', l), lang);
}

let serial = 0;
/** A valid identity card number, different on every call (region 330106, born 1985). */
export function idNumber(): string {
  serial += 1;
  const first17 = `33010619850312${String(100 + (serial % 900)).padStart(3, '0')}`;
  return first17 + residentIdCheckChar(first17)!;
}
/** A debit card number with its Luhn check digit. */
export function cardNumber(): string {
  serial += 1;
  const payload = `621226120200${String(100000 + serial).slice(-6)}`;
  return payload + luhnCheckDigit(payload)!;
}

/** A real PNG of one colour (chunks and CRCs as a decoder checks them): a stand-in for a photo. */
export function png(rgb: [number, number, number] = [40, 120, 200], width = 64, height = 40): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
/** A small one-page PDF. */
export function pdf(): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj',
      '2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj',
      '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 120]>> endobj',
      'trailer <</Root 1 0 R>>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

/** Upload a document into its card of the wizard's last step and wait for its preview. */
export async function uploadDocument(
  page: Page,
  kind: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const card = page.getByTestId(`doc-${kind}`);
  await card.locator('input[type=file]').setInputFiles(file);
  await expect(card.getByTestId(`doc-remove-${kind}`)).toBeVisible();
  await expect(card.locator('img, a.doc-pdf').first()).toBeVisible();
}

export async function stepTitle(page: Page, lang: Lang, index: number) {
  await expect(page.getByTestId('wizard-step-title')).toContainText(TEXT[lang].steps[index]!);
}
export async function next(page: Page, lang: Lang, to: number) {
  await page.getByTestId('wizard-next').click();
  await stepTitle(page, lang, to);
}

/** Fill in a small-micro merchant's application, checking the contract's rules on the way, up to the last step. */
export async function fillSmallMicro(
  page: Page,
  lang: Lang,
  names: { name: string; shortName: string; person: string },
) {
  const L = TEXT[lang];
  await stepTitle(page, lang, 0);
  // Nothing filled in: the step does not open the next, and says what is missing beside each field.
  await page.getByTestId('wizard-next').click();
  await expect(page.locator('.ant-form-item-explain-error', { hasText: L.required }).first()).toBeVisible();
  await stepTitle(page, lang, 0);
  await page.getByText(L.smallMicro, { exact: true }).click();
  await expect(page.getByTestId('wizard-subject-creditCode')).toHaveCount(0); // no licence, no code
  await page.getByTestId('wizard-subject-name').fill(names.name);
  await page.getByTestId('wizard-subject-shortName').fill(names.shortName);
  await page.getByLabel(L.category).click();
  await page.keyboard.type(L.catering);
  await page.keyboard.press('Enter');
  await page.getByTestId('wizard-subject-address').fill('杭州市西湖区南山路 88 号');
  await page.getByTestId('wizard-subject-servicePhone').fill('13912345678');
  await next(page, lang, 1);

  await page.getByTestId('wizard-legalPerson-name').fill(names.person);
  const id = idNumber();
  const wrong = id.slice(0, 17) + (id[17] === '1' ? '2' : '1');
  await page.getByTestId('wizard-legalPerson-idNumber').fill(wrong);
  await page.getByTestId('wizard-legalPerson-idNumber').blur();
  await expect(page.locator('.ant-form-item-explain-error', { hasText: L.checkDigit })).toBeVisible();
  await page.getByTestId('wizard-legalPerson-idNumber').fill(id);
  await page.getByLabel(L.idValidFrom).fill('2020-01-01');
  await page.getByLabel(L.idValidFrom).press('Enter');
  await page.getByText(L.longTerm, { exact: true }).click();
  await next(page, lang, 2);

  // Small-micro: a personal account, held in the legal person's name (filled in already).
  await expect(page.getByTestId('wizard-settlement-accountName')).toHaveValue(names.person);
  await page.getByTestId('wizard-settlement-bankName').locator('input').fill('中国工商银行');
  await page.keyboard.press('Escape');
  await page.getByTestId('wizard-settlement-branchName').fill('中国工商银行杭州湖滨支行');
  await page.getByTestId('wizard-settlement-accountNumber').fill(cardNumber());
  await next(page, lang, 3);

  // The seed's twodigit input: at most 9.9 and 3 characters; "12" stops at "1".
  const wechat = page.getByTestId('wizard-rate-WECHAT');
  await wechat.fill('');
  await wechat.pressSequentially('12');
  await expect(wechat).toHaveValue('1');
  await wechat.pressSequentially('.5');
  await expect(wechat).toHaveValue('1.5');
  await next(page, lang, 4);

  await uploadDocument(page, 'ID_FRONT', { name: 'id-front.png', mimeType: 'image/png', buffer: png([60, 120, 200]) });
  await uploadDocument(page, 'ID_BACK', { name: 'id-back.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await uploadDocument(page, 'SHOP_FRONT', { name: 'shop.png', mimeType: 'image/png', buffer: png([220, 160, 60]) });
  await uploadDocument(page, 'SHOP_INSIDE', {
    name: 'inside.png',
    mimeType: 'image/png',
    buffer: png([140, 100, 180]),
  });
}
