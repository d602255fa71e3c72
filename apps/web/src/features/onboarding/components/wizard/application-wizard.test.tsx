import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { message } from 'antd';
import { creditCodeCheckChar, residentIdCheckChar } from '@mchweb/contract/id-checks';
import type { ApplicationDraft } from '@mchweb/contract';
import { ApiError } from '@/lib/api-error';
import { ApplicationWizard } from './application-wizard';
import { fromDraft, stepOfField, toDraft } from './form-values';
import type { WizardApi } from './wizard-api';

const code = (first17: string) => first17 + creditCodeCheckChar(first17)!;
const SUBJECT = {
  type: 'INDIVIDUAL',
  name: '杭州市西湖区晨光咖啡店',
  shortName: '晨光咖啡',
  creditCode: code('92330106MA2B3C4D5'),
  category: 'CATERING',
  address: '杭州市西湖区南山路 88 号',
  servicePhone: '0571-87654321',
} as const;

function api(over: Partial<WizardApi> = {}): WizardApi {
  return {
    save: vi.fn(async () => ({ applyNo: 'A20260501093000123456' })),
    submit: vi.fn(async () => undefined),
    upload: vi.fn(),
    fileUrl: (fileId) => `/api/merchant/inco/file/${fileId}`,
    ...over,
  };
}

function show(wizardApi: WizardApi, initial?: ApplicationDraft) {
  const router = createMemoryRouter(
    [{ path: '/', element: <ApplicationWizard api={wizardApi} initial={initial} onSubmitted={() => undefined} /> }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}
const title = () => screen.getByTestId('wizard-step-title').textContent;

afterEach(() => message.destroy());
configure({ asyncUtilTimeout: 5000 });

// antd's forms render slowly in jsdom, and more so on a machine running other suites.
describe('the onboarding wizard', { timeout: 30_000 }, () => {
  it("a step opens the next only when the contract's rules pass, and says beside each field what is wrong", async () => {
    show(api());
    expect(title()).toContain('主体信息');
    fireEvent.click(screen.getByTestId('wizard-next'));
    // Nothing filled in: each field says it is required (the contract's "is required", in the reader's language).
    await waitFor(() => expect(screen.getAllByText('必填').length).toBeGreaterThanOrEqual(5));
    expect(title()).toContain('主体信息');
  });

  it('a wrong check digit, a code of the wrong subject type: the same rules as the server, in words', async () => {
    const wrongDigit = SUBJECT.creditCode.slice(0, 17) + (SUBJECT.creditCode[17] === '1' ? '2' : '1');
    show(api(), { subject: { ...SUBJECT, creditCode: wrongDigit } });
    fireEvent.click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText('须为 18 位统一社会信用代码，且校验位正确')).toBeInTheDocument();
    expect(title()).toContain('主体信息');
    fireEvent.change(screen.getByTestId('wizard-subject-creditCode'), { target: { value: code('91330106MA2B3C4D5') } });
    fireEvent.click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText('个体工商户的代码须以 92 开头')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('wizard-subject-creditCode'), { target: { value: SUBJECT.creditCode } });
    fireEvent.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(title()).toContain('法人信息'));
  });

  it("the server's field errors go beside their fields, on the step that holds them (first step with one opens)", async () => {
    const refused = new ApiError({
      code: 400,
      msg: 'subject.shortName: must be at least 2 characters; legalPerson.idNumber: check digit is wrong; applyNo: the application is SUBMITTED',
    });
    const save = vi.fn(async () => Promise.reject(refused));
    show(api({ save }), { subject: SUBJECT });
    fireEvent.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(title()).toContain('法人信息'));
    fireEvent.click(screen.getByTestId('wizard-save'));
    // The first step with an error opens; its field shows the server's words; what names no field goes above.
    await waitFor(() => expect(title()).toContain('主体信息'));
    expect(await screen.findByText('must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByTestId('wizard-error')).toHaveTextContent('applyNo: the application is SUBMITTED');
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ subject: SUBJECT }), null);
    // The legal person's error waits for its step.
    fireEvent.click(screen.getByText('法人信息'));
    expect(await screen.findByText('check digit is wrong')).toBeInTheDocument();
  });

  it('a draft is saved at any step; the first save makes the number later saves and the submit use', async () => {
    const save = vi.fn(async () => ({ applyNo: 'A20260501093000123456' }));
    const submit = vi.fn(async () => undefined);
    const first17 = '33010619850312001';
    const complete: ApplicationDraft = {
      subject: SUBJECT,
      legalPerson: {
        name: '王芳',
        idNumber: first17 + residentIdCheckChar(first17),
        idValidFrom: '2019-06-01',
        idValidTo: 'LONG_TERM',
      },
      settlement: {
        accountType: 'CORPORATE',
        bankName: '招商银行',
        branchName: '招商银行杭州分行西湖支行',
        accountNumber: '571912345610801',
        accountName: SUBJECT.name,
      },
      rates: [{ channel: 'WECHAT', rate: 3.8 }],
      documents: [
        { kind: 'LICENCE', fileId: 'F'.padEnd(25, 'a') },
        { kind: 'ID_FRONT', fileId: 'F'.padEnd(25, 'b') },
        { kind: 'ID_BACK', fileId: 'F'.padEnd(25, 'c') },
        { kind: 'SHOP_FRONT', fileId: 'F'.padEnd(25, 'd') },
        { kind: 'SHOP_INSIDE', fileId: 'F'.padEnd(25, 'e') },
      ],
    };
    show(api({ save, submit, fileUrl: () => '' }), complete);
    fireEvent.click(screen.getByTestId('wizard-save'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]).toEqual([complete, null]);
    // Straight to the last step (every step is complete) and submit: saved into the same number, then submitted.
    fireEvent.click(screen.getByText('证件材料'));
    await waitFor(() => expect(title()).toContain('证件材料'));
    fireEvent.click(screen.getByTestId('wizard-submit'));
    await waitFor(() => expect(submit).toHaveBeenCalledWith('A20260501093000123456'));
    expect(save.mock.calls[1]).toEqual([complete, 'A20260501093000123456']);
  });
});

describe('the form values and the contract', () => {
  it('empty fields are absent, rates are numbers, documents lose their display names', () => {
    expect(
      toDraft({
        subject: { name: 'Tea', shortName: '' },
        rates: [
          { channel: 'WECHAT', rate: '3.8' },
          { channel: 'ALIPAY', rate: '' },
        ],
        documents: [{ kind: 'ID_FRONT', fileId: 'Fx', name: 'me.png' }],
      }),
    ).toEqual({
      subject: { name: 'Tea' },
      legalPerson: {},
      settlement: {},
      rates: [{ channel: 'WECHAT', rate: 3.8 }, { channel: 'ALIPAY' }],
      documents: [{ kind: 'ID_FRONT', fileId: 'Fx' }],
    });
    expect(fromDraft(null).rates).toEqual([
      { channel: 'WECHAT', rate: '3.8' },
      { channel: 'ALIPAY', rate: '3.8' },
      { channel: 'UNIONPAY', rate: '5.5' },
    ]);
  });

  it("a server message's field names the step that holds it, or none", () => {
    expect(stepOfField('subject.creditCode')).toBe(0);
    expect(stepOfField('legalPerson.idValidTo')).toBe(1);
    expect(stepOfField('settlement.accountName')).toBe(2);
    expect(stepOfField('rates.1.rate')).toBe(3);
    expect(stepOfField('documents')).toBe(4);
    expect(stepOfField('documents.0.fileId')).toBeUndefined();
    expect(stepOfField('applyNo')).toBeUndefined();
  });
});
