import type { SplitItem } from '@mchweb/contract';

/*
 * What the split feature's unit tests share: an application as the API carries it (envelopes, the MSW server and
 * pages opened for a member come from components/reconciliation/testing). Imported by tests only.
 */
export const splitRow = (applyNo: string, patch: Partial<SplitItem> = {}): SplitItem => ({
  applyNo,
  mchNo: 'M100000001',
  mchName: '晨光咖啡',
  status: 'SUBMITTED',
  totalRatio: 30,
  receivers: [
    {
      type: 'MERCHANT',
      mchNo: 'M100000002',
      name: '晨光咖啡（二店）',
      accountNoMasked: null,
      bankName: null,
      ratio: 20,
    },
    { type: 'EXTERNAL', mchNo: null, name: '王芳', accountNoMasked: '****8903', bankName: '招商银行', ratio: 10 },
  ],
  remark: '',
  rejectReason: null,
  effectiveFrom: null,
  createdAt: '2026-05-01T10:00:00+08:00',
  decidedAt: null,
  ...patch,
});
