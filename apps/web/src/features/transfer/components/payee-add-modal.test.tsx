import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mock } from 'msw';
import { mswServer, ok, refuse, withClient } from '@/components/reconciliation/testing';
import { setItem } from '@/lib/storage';
import { PayeeAddModal } from './payee-add-modal';
import { payeeRow, RULES } from '../testing';

const LONG = { timeout: 8000 };
const server = mswServer();

function open(buttons = ['payee:edit', 'transfer:view']) {
  setItem(
    'buttonData',
    buttons.map((code) => ({ code, name: code })),
  );
  const onClose = vi.fn();
  const { wrapper: Wrapper } = withClient();
  render(
    <Wrapper>
      <PayeeAddModal onClose={onClose} />
    </Wrapper>,
  );
  return onClose;
}
const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });
const errorBeside = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';

describe('the add payee dialog', () => {
  it('groups a card number in fours, checks its Luhn digit, and sends digits only with the SMS code', async () => {
    const sent: unknown[] = [];
    const sms: unknown[] = [];
    server.use(
      mock.get('*/api/merchant/transfer/rules', () => ok(RULES)),
      mock.post('*/api/merchant/funds/sms/send', async ({ request }) => {
        sms.push(await request.json());
        return ok({ mobileMasked: '138****8000', resendAfterSeconds: 45 });
      }),
      mock.post('*/api/merchant/transfer/account/add', async ({ request }) => {
        sent.push(await request.json());
        return ok(payeeRow(7));
      }),
      mock.post('*/api/merchant/transfer/account/list', () => ok({ rows: [], nextCursor: null, hasMore: false })),
    );
    const onClose = open();
    await waitFor(() => expect(screen.getByTestId('payee-sms-to')).toHaveTextContent('138****8000'), LONG);
    type('payee-account', '6222021234567891');
    expect(field('payee-account').value).toBe('6222 0212 3456 7891');
    type('payee-name', '王芳');
    type('payee-bank', '招商银行');
    fireEvent.click(screen.getByTestId('payee-submit'));
    // Each field's message appears on its own render (the card's check is debounced), so wait for both.
    await waitFor(() => {
      expect(errorBeside('payee-account')).toBe('银行卡号有误，请核对');
      expect(errorBeside('payee-sms')).toBe('请输入 6 位短信验证码');
    }, LONG);
    type('payee-account', '6222 0212 3456 7890 3');
    fireEvent.click(screen.getByTestId('payee-sms-send'));
    await waitFor(() => expect(screen.getByTestId('payee-sms-send')).toHaveTextContent('45 秒后重发'), LONG);
    expect(sms).toEqual([{ purpose: 'payee' }]);
    type('payee-sms', '123456');
    fireEvent.click(screen.getByTestId('payee-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), LONG);
    expect(sent).toEqual([
      { type: 'BANK_CARD', name: '王芳', accountNo: '62220212345678903', bankName: '招商银行', smsCode: '123456' },
    ]);
  }, 20_000);

  it('the type switch changes the fields; the server’s refusal goes beside the field it names', async () => {
    let answer = refuse(400, 'smsCode: is wrong or expired');
    const sent: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/transfer/account/add', async ({ request }) => {
        sent.push(await request.json());
        return answer;
      }),
    );
    open(['payee:edit']); // no transfer:view: the rules are not asked for
    expect(screen.getByTestId('payee-sms-to')).toHaveTextContent('验证码发送到机构联系手机');
    fireEvent.click(screen.getByText('支付宝'));
    await waitFor(() => expect(screen.queryByTestId('payee-bank')).toBeNull(), LONG);
    type('payee-name', '王芳');
    type('payee-account', 'not an account');
    type('payee-sms', '654321');
    fireEvent.click(screen.getByTestId('payee-submit'));
    await waitFor(() => expect(errorBeside('payee-account')).toBe('请填写支付宝账号对应的手机号或邮箱'), LONG);
    type('payee-account', 'pay@example.com');
    fireEvent.click(screen.getByTestId('payee-submit'));
    await waitFor(() => expect(errorBeside('payee-sms')).toBe('is wrong or expired'), LONG);
    expect(sent).toEqual([{ type: 'ALIPAY', name: '王芳', accountNo: 'pay@example.com', smsCode: '654321' }]);
    answer = refuse(409, 'accountNo: this account is already a payee');
    fireEvent.click(screen.getByTestId('payee-submit'));
    await waitFor(() => expect(errorBeside('payee-account')).toBe('this account is already a payee'), LONG);
  }, 20_000);
});
