import { expect, type Page } from '@playwright/test';
import { DEMO, latestSmsCode } from '../support/fixtures.ts';
import { backOffice } from './order.helpers.ts';

/** Helpers of the transfer specs: figures read off the page, a payee account added over the API. */

/** "¥1,234.56" -> 123456 fen. */
export const fenOf = (text: string) => Math.round(Number(text.replace(/[¥,\s]/g, '')) * 100);

/** The balance figures the page shows, in fen, once they have loaded. */
export async function balanceOnPage(page: Page) {
  const figure = async (key: string) => {
    const dd = page.getByTestId(`balance-${key}`);
    await expect(dd).toHaveText(/¥/);
    return fenOf((await dd.textContent()) ?? '');
  };
  return { available: await figure('available'), inTransit: await figure('inTransit') };
}

/** A bank card payee of the demo organisation, added as another client would (with the contact mobile's code). */
export async function payeeOverApi(serverUrl: string, name: string) {
  const call = await backOffice(serverUrl);
  // The contact mobile gets at most one code a minute: after another test's code, wait for the next one.
  for (let tries = 0; ; tries++) {
    try {
      await call('/funds/sms/send', { purpose: 'payee' });
      break;
    } catch (err) {
      if (tries >= 14 || !/"code":429/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 5_000));
    }
  }
  const smsCode = await latestSmsCode(serverUrl, DEMO.owner);
  return call<{ accountId: number; accountNoMasked: string }>('/transfer/account/add', {
    type: 'BANK_CARD',
    name,
    accountNo: '6217000000001236',
    bankName: '中国建设银行',
    smsCode,
  });
}

/**
 * A payee account of the demo organisation to transfer to: the first there is, or a new bank card. (Adding one
 * takes an SMS code, and the contact mobile gets at most one a minute: a test after another that added one reuses it.)
 */
export async function somePayee(serverUrl: string, name: string) {
  const call = await backOffice(serverUrl);
  const list = await call<{ rows: { name: string; accountNoMasked: string }[] }>('/transfer/account/list', {
    type: ['BANK_CARD'],
    limit: 1,
  });
  return list.rows[0] ?? { name, ...(await payeeOverApi(serverUrl, name)) };
}
