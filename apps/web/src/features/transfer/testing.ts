import type { PayeeAccount, TransferItem, TransferRules } from '@mchweb/contract';

/*
 * What the transfer feature's unit tests share: a payee account, a transfer and the rules as the API carries
 * them (envelopes, the MSW server and pages opened for a member come from components/reconciliation/testing).
 * Imported by tests only.
 */
export const payeeRow = (accountId: number, patch: Partial<PayeeAccount> = {}): PayeeAccount => ({
  accountId,
  type: 'BANK_CARD',
  name: '王芳',
  accountNoMasked: '****7890',
  bankName: '招商银行',
  createdAt: '2026-05-01T10:00:00+08:00',
  ...patch,
});

export const transferRow = (transferNo: string, patch: Partial<TransferItem> = {}): TransferItem => ({
  transferNo,
  mchNo: 'M100000001',
  mchName: '晨光咖啡',
  accountId: 1,
  payeeType: 'BANK_CARD',
  payeeName: '王芳',
  accountNoMasked: '****7890',
  amountFen: 10_000,
  remark: '',
  status: 'SUCCESS',
  failReason: null,
  createdBy: '王芳 Wang Fang',
  createdAt: '2026-05-01T10:00:00+08:00',
  finishedAt: '2026-05-01T10:00:03+08:00',
  ...patch,
});

export const RULES: TransferRules = {
  smsAboveFen: 50_000,
  dailyLimitFen: 5_000_000,
  contactMobileMasked: '138****8000',
};
