import zlib from 'node:zlib';
import {
  luhnCheckDigit,
  requiredDocuments,
  residentIdCheckChar,
  type DocKind,
  type CompleteApplication,
  type ApplicationDraft,
} from '@mchweb/contract';
import { anonymousActor, systemActor, type Actor } from '../actor.ts';
import type { FileStorage } from '../file-storage.ts';
import { createMerchant, lockMerchant, setMerchantStatus, type NewMerchant } from '../modules/merchant/index.ts';
import { importApplication, importInvitation, newApplyNo } from '../modules/onboarding/index.ts';
import { storeUpload } from '../modules/upload/index.ts';
import type { Tx } from '../db/client.ts';

// The demo organisation's merchants (every status) and onboarding applications (every state, with timelines),
// and its invitations (active, used, revoked, expired). Identity numbers carry valid check digits.

const idNumber = (first17: string) => first17 + residentIdCheckChar(first17);
const bankCard = (payload: string) => payload + luhnCheckDigit(payload);
/** A unified social credit code is made valid by the caller's withCheckChar (seed-demo.ts). */
type CheckChar = (first17: string) => string;

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A small PNG of one colour: a stand-in for a photographed document. */
function demoPng(rgb: [number, number, number], width = 160, height = 100): Buffer {
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
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
const DOC_COLOURS: Record<DocKind, [number, number, number]> = {
  LICENCE: [196, 40, 40],
  ID_FRONT: [64, 128, 200],
  ID_BACK: [80, 160, 120],
  SHOP_FRONT: [220, 160, 60],
  SHOP_INSIDE: [140, 100, 180],
};

export interface DemoPeople {
  coffee: number;
  bakery: number;
  owner: Actor & { userId: number };
  adminId: number;
}

const merchantOf = (companyId: number, app: CompleteApplication, applyNo: string | null) =>
  ({
    companyId,
    applyNo,
    name: app.subject.name,
    shortName: app.subject.shortName,
    type: app.subject.type,
    category: app.subject.category,
    creditCode: app.subject.creditCode ?? null,
    legalPersonName: app.legalPerson.name,
    address: app.subject.address,
    servicePhone: app.subject.servicePhone,
    settlement: app.settlement,
    rates: app.rates,
  }) satisfies NewMerchant;

function applicationsOf(withCheckChar: CheckChar) {
  const corporate = (name: string, number: string) => ({
    accountType: 'CORPORATE' as const,
    bankName: '招商银行',
    branchName: '招商银行杭州分行西湖支行',
    accountNumber: number,
    accountName: name,
  });
  const personal = (name: string, payload: string) => ({
    accountType: 'PERSONAL' as const,
    bankName: '中国工商银行',
    branchName: '中国工商银行杭州湖滨支行',
    accountNumber: bankCard(payload),
    accountName: name,
  });
  const person = (name: string, first17: string) => ({
    name,
    idNumber: idNumber(first17),
    idValidFrom: '2019-06-01',
    idValidTo: '2039-06-01',
  });
  const standardRates = [
    { channel: 'WECHAT' as const, rate: 3.8 },
    { channel: 'ALIPAY' as const, rate: 3.8 },
    { channel: 'UNIONPAY' as const, rate: 5.5 },
  ];
  const enterprise = (name: string, shortName: string, code: string, address: string): CompleteApplication => ({
    subject: {
      type: 'ENTERPRISE',
      name,
      shortName,
      creditCode: withCheckChar(code),
      category: 'CATERING',
      address,
      servicePhone: '0571-87654321',
    },
    legalPerson: person('王芳', '33010619850312002'),
    settlement: corporate(name, '571912345610801'),
    rates: standardRates,
    documents: [],
  });
  return {
    westLake: enterprise(
      '晨光咖啡西湖店 Morning Light West Lake',
      '晨光西湖店',
      '91330106MA2H3K4L6',
      '杭州市西湖区北山街 88 号',
    ),
    binjiang: {
      ...enterprise(
        '晨光咖啡滨江店 Morning Light Binjiang',
        '晨光滨江店',
        '91330108MA2J5N6P7',
        '杭州市滨江区江南大道 1088 号',
      ),
      rates: standardRates.slice(0, 2),
    },
    takeaway: {
      subject: {
        type: 'INDIVIDUAL',
        name: '杭州市上城区晨光咖啡外卖档口',
        shortName: '晨光外卖',
        creditCode: withCheckChar('92330102MA2K7L8M9'),
        category: 'CATERING',
        address: '杭州市上城区解放路 20 号',
        servicePhone: '13800138000',
      },
      legalPerson: person('王芳', '33010619850312002'),
      settlement: personal('王芳', '622202120200123456'),
      rates: standardRates.slice(0, 2),
      documents: [],
    } satisfies CompleteApplication,
    popUp: {
      subject: {
        type: 'SMALL_MICRO',
        name: '晨光咖啡快闪摊',
        shortName: '晨光快闪',
        category: 'CATERING',
        address: '杭州市西湖区文三路 199 号市集',
        servicePhone: '13800138001',
      },
      legalPerson: person('李强', '33010219900805001'),
      settlement: personal('李强', '621700120300456789'),
      rates: [{ channel: 'WECHAT', rate: 3.8 }],
      documents: [],
    } satisfies CompleteApplication,
    wulin: {
      subject: {
        type: 'INDIVIDUAL',
        name: '杭州市下城区晨光咖啡武林店',
        shortName: '晨光武林店',
        creditCode: withCheckChar('92330103MA2L1M2N3'),
        category: 'CATERING',
        address: '杭州市拱墅区武林广场 1 号',
        servicePhone: '0571-85001234',
      },
      legalPerson: person('张敏', '33010319920117002'),
      settlement: personal('张敏', '622848001234567890'),
      rates: standardRates,
      documents: [],
    } satisfies CompleteApplication,
    qianjiang: enterprise(
      '杭州晨光咖啡钱江新城有限公司',
      '晨光钱江店',
      '91330104MA2P4Q5R6',
      '杭州市上城区钱江路 1366 号',
    ),
    hubin: {
      subject: {
        type: 'INDIVIDUAL',
        name: '杭州市上城区晨光咖啡湖滨店',
        shortName: '晨光湖滨店',
        creditCode: withCheckChar('92330102MA2Q6R7T8'),
        category: 'CATERING',
        address: '杭州市上城区湖滨路 15 号',
        servicePhone: '0571-87001234',
      },
      legalPerson: person('陈静', '33010219950302002'),
      settlement: personal('陈静', '622588001234987654'),
      rates: standardRates,
      documents: [],
    } satisfies CompleteApplication,
    snack: {
      subject: {
        type: 'SMALL_MICRO',
        name: '西湖边小吃摊',
        shortName: '西湖小吃',
        category: 'FRESH_FOOD',
        address: '杭州市西湖区南山路 12 号旁',
        servicePhone: '13912345678',
      },
      legalPerson: person('赵磊', '33010619800909001'),
      settlement: personal('赵磊', '621226120200778899'),
      rates: [
        { channel: 'WECHAT', rate: 3.8 },
        { channel: 'ALIPAY', rate: 3.8 },
      ],
      documents: [],
    } satisfies CompleteApplication,
  };
}

/**
 * The documents an application needs, uploaded when there is a storage (else none: the drafts show that). One
 * file per kind and uploader is stored once and shared by the organisation's demo applications.
 */
function demoDocuments(tx: Tx, storage: FileStorage | undefined, owner: Actor, companyId: number) {
  const stored = new Map<string, Promise<string>>();
  const fileOf = (kind: DocKind, inviteNo: string | null) => {
    const key = `${kind}:${inviteNo}`;
    if (!stored.has(key)) {
      const uploader = inviteNo ? anonymousActor(null, 'zh-CN') : owner;
      const bytes = demoPng(DOC_COLOURS[kind]);
      const upload = storeUpload(tx, storage!, uploader, { companyId, inviteNo, filename: `${kind}.png`, bytes });
      stored.set(
        key,
        upload.then((u) => u.fileId),
      );
    }
    return stored.get(key)!;
  };
  return async (app: CompleteApplication, inviteNo: string | null = null) => {
    if (!storage) return [];
    const documents: ApplicationDraft['documents'] = [];
    for (const kind of requiredDocuments(app.subject.type))
      documents.push({ kind, fileId: await fileOf(kind, inviteNo) });
    return documents;
  };
}

export async function seedDemoOnboarding(tx: Tx, people: DemoPeople, withCheckChar: CheckChar, storage?: FileStorage) {
  const { coffee, bakery, owner, adminId } = people;
  const me = owner.userId;
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);
  const apps = applicationsOf(withCheckChar);
  const docs = demoDocuments(tx, storage, owner, coffee);

  // Merchants made before this product (no application), then frozen and closed ones.
  const demoMerchant = async (app: CompleteApplication, mchNo: string, createdAt: Date, companyId = coffee) =>
    createMerchant(tx, owner, { ...merchantOf(companyId, app, null), demo: { mchNo, createdAt } });
  await demoMerchant(apps.westLake, 'M100000001', ago(60 * DAY));
  await demoMerchant(apps.binjiang, 'M100000002', ago(45 * DAY));
  await demoMerchant(apps.takeaway, 'M100000004', ago(40 * DAY));
  await demoMerchant(apps.popUp, 'M100000005', ago(30 * DAY));
  const bakeryApp: CompleteApplication = {
    ...apps.popUp,
    subject: {
      ...apps.popUp.subject,
      name: '麦香烘焙 Wheat Fragrance',
      shortName: '麦香烘焙',
      category: 'RETAIL',
      address: '上海市浦东新区张杨路 500 号',
    },
  };
  await demoMerchant(bakeryApp, 'M100000003', ago(50 * DAY), bakery);
  const frozen = (await lockMerchant(tx, coffee, 'M100000004'))!;
  await setMerchantStatus(
    tx,
    owner,
    frozen,
    'FROZEN',
    '收到异常交易投诉，暂停收款待核实 / Complaints about unusual payments: on hold',
    ago(3 * DAY),
  );
  const closed = (await lockMerchant(tx, coffee, 'M100000005'))!;
  await setMerchantStatus(tx, owner, closed, 'CLOSED', '快闪活动结束 / The pop-up has ended', ago(10 * DAY));

  const member = (userId: number) => ({ actor: 'MEMBER' as const, userId });
  // DRAFT: half filled in, two hours ago.
  await importApplication(tx, {
    companyId: coffee,
    createdBy: me,
    status: 'DRAFT',
    draft: {
      subject: {
        ...apps.hubin.subject,
        name: '杭州市西湖区晨光咖啡城西店',
        shortName: '晨光城西店',
        creditCode: undefined,
      },
    },
    events: [{ event: 'CREATED', ...member(me), at: ago(2 * HOUR) }],
  });
  // SUBMITTED two days ago, waiting for the operator (older than the sandbox review's window).
  await importApplication(tx, {
    companyId: coffee,
    createdBy: adminId,
    status: 'SUBMITTED',
    draft: { ...apps.qianjiang, documents: await docs(apps.qianjiang) },
    events: [
      { event: 'CREATED', ...member(adminId), at: ago(3 * DAY) },
      { event: 'SUBMITTED', ...member(adminId), at: ago(2 * DAY) },
    ],
  });
  // AUDITING: filled in by an invited merchant; the invitation is USED.
  const snackNo = newApplyNo(ago(4 * DAY + 2 * HOUR));
  const usedInvite = await importInvitation(tx, {
    companyId: coffee,
    createdBy: me,
    createdAt: ago(5 * DAY),
    expiresAt: ago(-2 * DAY),
    status: 'USED',
    remark: '西湖边小吃摊 赵师傅',
    applyNo: snackNo,
    usedAt: ago(4 * DAY),
  });
  await importApplication(tx, {
    companyId: coffee,
    applyNo: snackNo,
    inviteNo: usedInvite,
    createdBy: null,
    status: 'AUDITING',
    draft: { ...apps.snack, documents: await docs(apps.snack, usedInvite) },
    events: [
      { event: 'CREATED', actor: 'INVITEE', at: ago(4 * DAY + 2 * HOUR) },
      { event: 'SUBMITTED', actor: 'INVITEE', at: ago(4 * DAY) },
      { event: 'AUDITING', actor: 'OPERATOR', at: ago(3 * DAY) },
    ],
  });
  // APPROVED nine days ago: its merchant has a number from the sequence.
  const wulinNo = newApplyNo(ago(10 * DAY));
  const { mchNo } = await createMerchant(tx, systemActor('ops', coffee), {
    ...merchantOf(coffee, apps.wulin, wulinNo),
    demo: { createdAt: ago(9 * DAY) },
  });
  await importApplication(tx, {
    companyId: coffee,
    applyNo: wulinNo,
    createdBy: me,
    status: 'APPROVED',
    mchNo,
    draft: { ...apps.wulin, documents: await docs(apps.wulin) },
    events: [
      { event: 'CREATED', ...member(me), at: ago(10 * DAY) },
      { event: 'SUBMITTED', ...member(me), at: ago(10 * DAY - HOUR) },
      { event: 'AUDITING', actor: 'OPERATOR', at: ago(9 * DAY - 2 * HOUR) },
      { event: 'APPROVED', actor: 'OPERATOR', at: ago(9 * DAY) },
    ],
  });
  // REJECTED with the reviewer's reason: to be corrected and submitted again.
  const reason = '门头照不清晰，无法辨认店名，请重新拍摄上传。 / The shop-front photo is blurred: take it again.';
  await importApplication(tx, {
    companyId: coffee,
    createdBy: me,
    status: 'REJECTED',
    rejectReason: reason,
    draft: { ...apps.hubin, documents: await docs(apps.hubin) },
    events: [
      { event: 'CREATED', ...member(me), at: ago(6 * DAY) },
      { event: 'SUBMITTED', ...member(me), at: ago(6 * DAY - HOUR) },
      { event: 'AUDITING', actor: 'OPERATOR', at: ago(5 * DAY - HOUR) },
      { event: 'REJECTED', actor: 'OPERATOR', reason, at: ago(5 * DAY) },
    ],
  });
  // CANCELED by the owner.
  await importApplication(tx, {
    companyId: coffee,
    createdBy: me,
    status: 'CANCELED',
    draft: { subject: { ...apps.popUp.subject, name: '晨光咖啡试点店', shortName: '晨光试点店' } },
    events: [
      { event: 'CREATED', ...member(me), at: ago(20 * DAY) },
      { event: 'CANCELED', ...member(me), reason: '门店选址取消 / The site fell through', at: ago(18 * DAY) },
    ],
  });

  // Invitations: one open, one revoked, one expired unused (and the used one above).
  const invitations = [
    { createdBy: me, createdAt: ago(DAY), expiresAt: ago(-6 * DAY), status: 'ACTIVE', remark: '黄龙店 周店长' },
    { createdBy: me, createdAt: ago(8 * DAY), expiresAt: ago(DAY), status: 'REVOKED', remark: '发错了人' },
    {
      createdBy: adminId,
      createdAt: ago(12 * DAY),
      expiresAt: ago(5 * DAY),
      status: 'ACTIVE',
      remark: '南宋御街 小吃铺',
    },
  ] as const;
  for (const invitation of invitations) await importInvitation(tx, { companyId: coffee, ...invitation });
}
