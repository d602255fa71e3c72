import type {
  Channel,
  DocKind,
  ApplicationDraft,
  ApplicationDraftInput,
  ApplicationStep,
  MerchantType,
} from '@mchweb/contract';
// Values from the module itself, not the package's index (which would bring every module of the contract).
import { dropEmptyFields, APPLICATION_STEPS, requiredDocuments } from '@mchweb/contract/onboarding/application';

/**
 * The wizard's form values: the application's sections as the contract names them (so the server's "field:
 * problem" lands on the same dotted name), every field as typed. Rates are text while typed (the `twodigit`
 * input) and numbers on the wire; a document carries the name it was uploaded with, for showing only.
 */
type Texts<K extends string> = Partial<Record<K, string>>;
export interface WizardValues {
  subject?: Texts<'type' | 'name' | 'shortName' | 'creditCode' | 'category' | 'address' | 'servicePhone'>;
  legalPerson?: Texts<'name' | 'idNumber' | 'idValidFrom' | 'idValidTo'>;
  settlement?: Texts<'accountType' | 'bankName' | 'branchName' | 'accountNumber' | 'accountName'>;
  rates?: { channel: Channel; rate?: string }[];
  documents?: WizardDocument[];
}
export interface WizardDocument {
  kind: DocKind;
  fileId: string;
  /** The uploaded file's name, when this page uploaded it. */
  name?: string;
}

/**
 * The rates a new application starts with: docs/decisions.md's default rates (WeChat Pay and Alipay 3.8 ‰,
 * UnionPay 5.5 ‰). The server keeps them as CHANNEL_DEFAULT_RATES, which the contract does not export yet.
 */
export const DEFAULT_RATES: Record<Channel, number> = { WECHAT: 3.8, ALIPAY: 3.8, UNIONPAY: 5.5 };

/** The form's values as the contract's draft: empty fields absent, rates as numbers, documents without names. */
export function toDraft(values: WizardValues): ApplicationDraftInput {
  const draft = {
    subject: values.subject ?? {},
    legalPerson: values.legalPerson ?? {},
    settlement: values.settlement ?? {},
    rates: (values.rates ?? []).map((r) => ({
      channel: r.channel,
      rate: r.rate === undefined || r.rate === '' ? undefined : Number(r.rate),
    })),
    documents: (values.documents ?? []).map((d) => ({ kind: d.kind, fileId: d.fileId })),
  };
  return dropEmptyFields(draft) as ApplicationDraftInput;
}

/** A saved application as the form's values (a new one: the default rates, no documents). */
export function fromDraft(draft: ApplicationDraft | null | undefined): WizardValues {
  const rates = draft?.rates?.length
    ? draft.rates
    : (Object.keys(DEFAULT_RATES) as Channel[]).map((channel) => ({ channel, rate: DEFAULT_RATES[channel] }));
  return {
    subject: { ...draft?.subject },
    legalPerson: { ...draft?.legalPerson },
    settlement: { ...draft?.settlement },
    rates: rates.map((r) => ({ channel: r.channel, rate: String(r.rate) })),
    documents: (draft?.documents ?? []).map((d) => ({ ...d })),
  };
}

/** The fields of each step, by their dotted names (`rates.0.rate`): where the server's messages can go. */
const FIELD_OF_STEP =
  /^(subject\.(type|name|shortName|creditCode|category|address|servicePhone)|legalPerson\.(name|idNumber|idValidFrom|idValidTo)|settlement\.(accountType|bankName|branchName|accountNumber|accountName)|rates\.\d+\.rate|documents)$/;

/** The step holding a field the wizard renders, or undefined (its message then goes above the form). */
export function stepOfField(field: string): number | undefined {
  if (!FIELD_OF_STEP.test(field)) return undefined;
  return APPLICATION_STEPS.indexOf(field.split('.')[0] as ApplicationStep);
}

/**
 * The documents a subject type shows: those it must upload (`requiredDocuments`), the shop photos an enterprise
 * may add, and any kind already uploaded (so it can be removed after the type changed).
 */
export function documentKinds(
  type: string | undefined,
  present: readonly DocKind[],
): { kind: DocKind; required: boolean }[] {
  const required = type ? requiredDocuments(type as MerchantType) : [];
  const optional: DocKind[] = type === 'ENTERPRISE' ? ['SHOP_FRONT', 'SHOP_INSIDE'] : [];
  const order: DocKind[] = ['LICENCE', 'ID_FRONT', 'ID_BACK', 'SHOP_FRONT', 'SHOP_INSIDE'];
  return order
    .filter((kind) => required.includes(kind) || optional.includes(kind) || present.includes(kind))
    .map((kind) => ({ kind, required: required.includes(kind) }));
}
