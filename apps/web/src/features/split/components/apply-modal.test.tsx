import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mock } from 'msw';
import { MERCHANTS, mswServer, ok, refuse, toasts, withClient } from '@/components/reconciliation/testing';
import { setItem } from '@/lib/storage';
import { ApplyModal } from './apply-modal';
import { splitRow } from '../testing';

const LONG = { timeout: 8000 };
const server = mswServer();

function open() {
  setItem('mchList', MERCHANTS);
  const onClose = vi.fn();
  const { wrapper: Wrapper } = withClient();
  render(
    <Wrapper>
      <ApplyModal mchNo="M100000001" onClose={onClose} />
    </Wrapper>,
  );
  return onClose;
}
/** The requests /div/apply received; answered by `answer` (a success by default). */
function serve(answer: () => Response = () => ok(splitRow('D20260501100000000001'))) {
  const sent: unknown[] = [];
  server.use(
    mock.post('*/api/merchant/div/apply', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}
const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });
const errorBeside = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
async function chooseReceiver(i: number, name: string) {
  fireEvent.mouseDown(screen.getByTestId(`split-receiver-mch-${i}`).querySelector('input')!);
  const options = await screen.findAllByText(name, { selector: '.ant-select-item-option-content' }, LONG);
  fireEvent.click(options.at(-1)!);
}
/** Receiver 0: the second demo merchant at 20 %; receiver 1: an outside bank card at `ratio`. */
async function fillTwo(ratio: string) {
  await chooseReceiver(0, '晨光咖啡（二店）');
  type('split-ratio-0', '20');
  fireEvent.click(screen.getByTestId('split-add-external'));
  type('split-receiver-name-1', '王芳');
  type('split-receiver-card-1', '62220212345678903');
  type('split-receiver-bank-1', '招商银行');
  type('split-ratio-1', ratio);
}

describe('the split application dialog', () => {
  it('S5.1 the ratio is a reg input: digits only, no decimal point, at most 30', async () => {
    serve();
    open();
    type('split-ratio-0', '12.5');
    expect(field('split-ratio-0').value).toBe('');
    type('split-ratio-0', 'ab');
    expect(field('split-ratio-0').value).toBe('');
    type('split-ratio-0', '12');
    expect(field('split-ratio-0').value).toBe('12');
    type('split-ratio-0', '12.');
    expect(field('split-ratio-0').value).toBe('12');
    type('split-ratio-0', '12a');
    expect(field('split-ratio-0').value).toBe('12');
    type('split-ratio-0', '31');
    expect(field('split-ratio-0').value).toBe('12');
    type('split-ratio-0', '30');
    expect(field('split-ratio-0').value).toBe('30');
    await waitFor(() => expect(screen.getByTestId('split-total')).toHaveTextContent('合计 30% / 上限 30%'), LONG);
  });

  it('refuses a total of 31 % beside the ratio before sending; 20 + 10 sends the body the contract wants', async () => {
    const sent = serve();
    const onClose = open();
    await fillTwo('11');
    await waitFor(() => expect(errorBeside('split-ratio-1')).toBe('合计 31%，超过上限 30%'), LONG);
    await waitFor(() => expect(screen.getByTestId('split-total')).toHaveTextContent('合计 31% / 上限 30%'), LONG);
    fireEvent.click(screen.getByTestId('split-submit'));
    await waitFor(() => expect(errorBeside('split-ratio-0')).toBe('合计 31%，超过上限 30%'), LONG);
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
    type('split-ratio-1', '10');
    await waitFor(() => {
      expect(errorBeside('split-ratio-0')).toBe('');
      expect(errorBeside('split-ratio-1')).toBe('');
    }, LONG);
    expect(field('split-receiver-card-1').value).toBe('6222 0212 3456 7890 3');
    await waitFor(() => expect(screen.getByTestId('split-total')).toHaveTextContent('合计 30% / 上限 30%'), LONG);
    fireEvent.click(screen.getByTestId('split-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), LONG);
    expect(sent).toEqual([
      {
        mchNo: 'M100000001',
        receivers: [
          { type: 'MERCHANT', mchNo: 'M100000002', ratio: 20 },
          { type: 'EXTERNAL', name: '王芳', accountNo: '62220212345678903', bankName: '招商银行', ratio: 10 },
        ],
        remark: '',
      },
    ]);
    await waitFor(() => expect(toasts()).toEqual(['已提交 晨光咖啡 的分账申请，等待平台审核']), LONG);
  }, 20_000);

  it('checks the card’s Luhn digit; the server’s refusals go beside the field they name, quietly', async () => {
    let answer = () => refuse(400, 'body.receivers.1.ratio: must be at most 30 %');
    const sent = serve(() => answer());
    open();
    await fillTwo('10');
    type('split-receiver-card-1', '6222021234567891');
    fireEvent.click(screen.getByTestId('split-submit'));
    await waitFor(() => expect(errorBeside('split-receiver-card-1')).toBe('银行卡号有误，请核对'), LONG);
    type('split-receiver-card-1', '6222021234567890 3');
    fireEvent.click(screen.getByTestId('split-submit'));
    await waitFor(() => expect(errorBeside('split-ratio-1')).toBe('must be at most 30 %'), LONG);
    expect(sent).toHaveLength(1);
    answer = () => refuse(400, 'body.receivers: must share at most 30 % in all (now 31 %)');
    fireEvent.click(screen.getByTestId('split-submit'));
    await waitFor(
      () =>
        expect(screen.getByTestId('split-receivers').querySelector('.ant-form-item-explain')).toHaveTextContent(
          'must share at most 30 % in all (now 31 %)',
        ),
      LONG,
    );
    expect(toasts()).toEqual([]);
  }, 20_000);
});
