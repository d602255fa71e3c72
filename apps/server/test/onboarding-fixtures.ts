import crypto from 'node:crypto';
import {
  creditCodeCheckChar,
  luhnCheckDigit,
  requiredDocuments,
  residentIdCheckChar,
  type CompleteApplicationInput,
  type OnboardingUploadResult,
  type MerchantType,
} from '@mchweb/contract';
import type { TestClient } from './harness.ts';
import { PNG } from './upload-fixtures.ts';

// Applications and documents for the onboarding and merchant tests: valid check digits from the contract's helpers.

export const creditCode = (first17: string) => first17 + creditCodeCheckChar(first17);
export const idNumber = (first17: string) => first17 + residentIdCheckChar(first17);
export const bankCard = (payload: string) => payload + luhnCheckDigit(payload);

/** A multipart/form-data body: text fields, then one file in the field `file` (unless `fileField` says otherwise). */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; field?: string }) {
  const boundary = `----mchweb${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Upload a file as a member (or, with `inviteNo`, through the invitation's public route). */
export async function upload(client: TestClient, opts: { inviteNo?: string; bytes?: Buffer; name?: string } = {}) {
  const url = opts.inviteNo ? '/api/pay/inco/upload' : '/api/merchant/inco/upload';
  const body = multipart(opts.inviteNo ? { inviteNo: opts.inviteNo } : {}, {
    name: opts.name ?? 'scan.png',
    bytes: opts.bytes ?? PNG,
  });
  return client.post<OnboardingUploadResult>(url, undefined, body);
}

/** One upload per document the subject type needs. */
export async function documentsFor(client: TestClient, type: MerchantType, inviteNo?: string) {
  const documents = [];
  for (const kind of requiredDocuments(type)) {
    const res = await upload(client, { inviteNo, name: `${kind}.png` });
    if (res.body.code !== 200) throw new Error(`upload failed: ${res.body.msg}`);
    documents.push({ kind, fileId: res.body.data.fileId });
  }
  return documents;
}

/** A complete application of an individual business (个体工商户) with a personal account; documents to add. */
export function individualBusiness(name = '杭州市西湖区测试面馆'): CompleteApplicationInput {
  return {
    subject: {
      type: 'INDIVIDUAL',
      name,
      shortName: '测试面馆',
      creditCode: creditCode('92330106MA2T7U8W9'),
      category: 'CATERING',
      address: '杭州市西湖区文一路 100 号',
      servicePhone: '0571-88886666',
    },
    legalPerson: {
      name: '刘洋',
      idNumber: idNumber('33010619880808001'),
      idValidFrom: '2018-01-01',
      idValidTo: 'LONG_TERM',
    },
    settlement: {
      accountType: 'PERSONAL',
      bankName: '中国建设银行',
      branchName: '中国建设银行杭州文一路支行',
      accountNumber: bankCard('621700123456789012'),
      accountName: '刘洋',
    },
    rates: [
      { channel: 'WECHAT', rate: 3.8 },
      { channel: 'ALIPAY', rate: 2.5 },
    ],
    documents: [],
  };
}

/** A complete enterprise application (corporate account in the enterprise's name). */
export function enterprise(name = '杭州测试科技有限公司'): CompleteApplicationInput {
  return {
    subject: {
      type: 'ENTERPRISE',
      name,
      shortName: '测试科技',
      creditCode: creditCode('91330106MA2X1Y2K3'),
      category: 'ONLINE_SERVICES',
      address: '杭州市滨江区网商路 699 号',
      servicePhone: '400-800-1234',
    },
    legalPerson: {
      name: '周杰',
      idNumber: idNumber('33010819790101003'),
      idValidFrom: '2015-05-05',
      idValidTo: '2035-05-05',
    },
    settlement: {
      accountType: 'CORPORATE',
      bankName: '招商银行',
      branchName: '招商银行杭州分行',
      accountNumber: '5719 0000 1234 5678',
      accountName: name,
    },
    rates: [{ channel: 'UNIONPAY', rate: 5.5 }],
    documents: [],
  };
}

/** A complete application with real uploads for its documents, saved and submitted: answers its applyNo. */
export async function submittedApplication(client: TestClient, app: CompleteApplicationInput = individualBusiness()) {
  const documents = await documentsFor(client, app.subject.type);
  const saved = await client.post<{ applyNo: string }>('/api/merchant/inco/save', { ...app, documents });
  if (saved.body.code !== 200) throw new Error(`save failed: ${saved.body.msg}`);
  const submitted = await client.post('/api/merchant/inco/submit', { applyNo: saved.body.data.applyNo });
  if (submitted.body.code !== 200) throw new Error(`submit failed: ${submitted.body.msg}`);
  return saved.body.data.applyNo;
}
