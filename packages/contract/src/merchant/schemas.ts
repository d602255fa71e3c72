import { z } from 'zod';
import { anyOf, page, pageFields } from '../envelope.ts';
import type { Language } from '../language.ts';
import { instant, rate } from '../validation.ts';

/** INDIVIDUAL: individual business (个体工商户); ENTERPRISE: enterprise (企业); SMALL_MICRO: small-micro (小微, no licence). */
export const MERCHANT_TYPES = ['INDIVIDUAL', 'ENTERPRISE', 'SMALL_MICRO'] as const;
export type MerchantType = (typeof MERCHANT_TYPES)[number];
/** A FROZEN merchant takes no payments until unfrozen; CLOSED is final. */
export const MERCHANT_STATUSES = ['ACTIVE', 'FROZEN', 'CLOSED'] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];
export const CHANNELS = ['WECHAT', 'ALIPAY', 'UNIONPAY'] as const;
export type Channel = (typeof CHANNELS)[number];
/** PERSONAL: the legal person's own debit card (对私); CORPORATE: the business's bank account (对公). */
export const SETTLEMENT_ACCOUNT_TYPES = ['PERSONAL', 'CORPORATE'] as const;
export type SettlementAccountType = (typeof SETTLEMENT_ACCOUNT_TYPES)[number];

/** Business categories (经营类目) a merchant chooses from. */
export const BUSINESS_CATEGORIES = [
  'CATERING',
  'SUPERMARKET',
  'RETAIL',
  'FRESH_FOOD',
  'CLOTHING',
  'DIGITAL',
  'BEAUTY',
  'ENTERTAINMENT',
  'HOTEL',
  'TRAVEL',
  'TRANSPORT',
  'EDUCATION',
  'HEALTHCARE',
  'HOME_SERVICES',
  'ONLINE_SERVICES',
  'OTHER',
] as const;
export type BusinessCategory = (typeof BUSINESS_CATEGORIES)[number];
/** A category's name in each language (for selects, exports and the ops command line). */
export const BUSINESS_CATEGORY_LABELS: Record<BusinessCategory, Record<Language, string>> = {
  CATERING: { 'zh-CN': '餐饮', 'en-US': 'Food and drink' },
  SUPERMARKET: { 'zh-CN': '超市便利店', 'en-US': 'Supermarkets and convenience stores' },
  RETAIL: { 'zh-CN': '百货零售', 'en-US': 'General retail' },
  FRESH_FOOD: { 'zh-CN': '生鲜果蔬', 'en-US': 'Fresh food' },
  CLOTHING: { 'zh-CN': '服饰鞋包', 'en-US': 'Clothing, shoes and bags' },
  DIGITAL: { 'zh-CN': '数码家电', 'en-US': 'Electronics and appliances' },
  BEAUTY: { 'zh-CN': '美容美发', 'en-US': 'Beauty and hair' },
  ENTERTAINMENT: { 'zh-CN': '休闲娱乐', 'en-US': 'Leisure and entertainment' },
  HOTEL: { 'zh-CN': '酒店住宿', 'en-US': 'Hotels and lodging' },
  TRAVEL: { 'zh-CN': '旅游票务', 'en-US': 'Travel and tickets' },
  TRANSPORT: { 'zh-CN': '交通物流', 'en-US': 'Transport and logistics' },
  EDUCATION: { 'zh-CN': '教育培训', 'en-US': 'Education and training' },
  HEALTHCARE: { 'zh-CN': '医疗药店', 'en-US': 'Healthcare and pharmacies' },
  HOME_SERVICES: { 'zh-CN': '生活服务', 'en-US': 'Household services' },
  ONLINE_SERVICES: { 'zh-CN': '网络服务', 'en-US': 'Online services' },
  OTHER: { 'zh-CN': '其他', 'en-US': 'Other' },
};

/** Merchant number: `M` and 9 to 12 digits (`M100000001`), unique across the platform. */
export const MCH_NO_RE = /^M\d{9,12}$/;
export const mchNo = z.string().trim().regex(MCH_NO_RE, 'must be a merchant number like M100000001');

/** A merchant record as the login answer's `mchInfo` and `mchList` carry it. */
export const merchantSummary = z.object({
  mchId: z.number().int(),
  mchNo: z.string(),
  name: z.string(),
  shortName: z.string(),
  type: z.enum(MERCHANT_TYPES),
  status: z.enum(MERCHANT_STATUSES),
});
export type MerchantSummary = z.infer<typeof merchantSummary>;

/** An account number as answers show it: `****` and the last 4 characters (all masked when 4 or fewer). */
export function maskAccount(accountNumber: string): string {
  const compact = accountNumber.replace(/[\s-]/g, '');
  return compact.length <= 4 ? '****' : `****${compact.slice(-4)}`;
}

/** `POST /merchant/list`, newest first: the filters combine with AND; `name` matches name or short name (contains). */
export const merchantListBody = z.strictObject({
  status: anyOf(MERCHANT_STATUSES).optional(),
  type: anyOf(MERCHANT_TYPES).optional(),
  /** Merchants with a rate on this channel. */
  channel: z.enum(CHANNELS).optional(),
  name: z.string().trim().min(1).max(100, 'must be at most 100 characters').optional(),
  /** Exact merchant number. */
  mchNo: z.string().trim().min(1).max(20, 'must be at most 20 characters').optional(),
  ...pageFields,
});
export type MerchantListBody = z.input<typeof merchantListBody>;

/** A merchant's fee rate on one channel (‰, see rate.ts). */
export const channelRate = z.object({ channel: z.enum(CHANNELS), rate });
export type ChannelRate = z.infer<typeof channelRate>;

export const merchantListItem = z.object({
  mchNo: z.string(),
  name: z.string(),
  shortName: z.string(),
  type: z.enum(MERCHANT_TYPES),
  category: z.enum(BUSINESS_CATEGORIES),
  status: z.enum(MERCHANT_STATUSES),
  channels: z.array(z.enum(CHANNELS)),
  createdAt: instant,
  /** The approved application the merchant came from; null for merchants created otherwise (demo data). */
  applyNo: z.string().nullable(),
});
export type MerchantListItem = z.infer<typeof merchantListItem>;
export const merchantPage = page(merchantListItem);
export type MerchantPage = z.infer<typeof merchantPage>;

/** `GET /merchant/detail?mchNo=` */
export const merchantDetailQuery = z.strictObject({ mchNo });

/** The settlement account as answers show it: the number masked by `maskAccount`. */
export const maskedSettlementAccount = z.object({
  accountType: z.enum(SETTLEMENT_ACCOUNT_TYPES),
  bankName: z.string(),
  branchName: z.string(),
  accountName: z.string(),
  accountNumberMasked: z.string(),
});

/** One change of a merchant's status; `from` is null for the creation (approval of its application). */
export const merchantStatusChange = z.object({
  from: z.enum(MERCHANT_STATUSES).nullable(),
  to: z.enum(MERCHANT_STATUSES),
  at: instant,
  /** Who: the member's name or mobile; null for the system (approval, jobs). */
  by: z.string().nullable(),
  reason: z.string().nullable(),
});
export type MerchantStatusChange = z.infer<typeof merchantStatusChange>;

export const merchantDetail = merchantListItem.omit({ channels: true }).extend({
  creditCode: z.string().nullable(),
  legalPersonName: z.string(),
  address: z.string(),
  servicePhone: z.string(),
  channels: z.array(channelRate),
  settlement: maskedSettlementAccount,
  /** Oldest first. */
  statusHistory: z.array(merchantStatusChange),
});
export type MerchantDetail = z.infer<typeof merchantDetail>;

const statusReason = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');
/** `POST /merchant/freeze`: ACTIVE -> FROZEN (merchant:edit). A frozen merchant takes no payments. */
export const merchantFreezeBody = z.strictObject({ mchNo, reason: statusReason });
/** `POST /merchant/unfreeze`: FROZEN -> ACTIVE (merchant:edit). */
export const merchantUnfreezeBody = z.strictObject({ mchNo, reason: statusReason.optional() });

/** How many of a channel's merchants `GET /channel/list` names; the merchant list filters by channel for all. */
export const CHANNEL_MERCHANTS_SHOWN = 20;
/** `GET /channel/list` answers an array of these: the channels open to the organisation. */
export const channelListItem = z.object({
  channel: z.enum(CHANNELS),
  /** A display name the platform gives the channel, else null (the web app names it from `channel`). */
  name: z.string().nullable(),
  /** The rate a new application starts with on this channel (‰). */
  defaultRate: rate,
  merchantCount: z.number().int(),
  /** The most recently created of them, at most `CHANNEL_MERCHANTS_SHOWN`. */
  merchants: z.array(z.object({ mchNo: z.string(), name: z.string(), rate })),
});
export type ChannelListItem = z.infer<typeof channelListItem>;
export const channelList = z.array(channelListItem);
