import type { RuleRender } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ApplicationStep } from '@mchweb/contract';
import { stepIssues } from '@mchweb/contract/onboarding/application';
import { toDraft, type WizardValues } from './form-values';

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/**
 * The contract's problems (its English phrases, the same the server translates) as the wizard's words in both
 * languages: `issue.<key>` of the onboarding namespace. A phrase not listed falls back to the issue's code.
 */
const PHRASES: [RegExp, string, ((m: RegExpExecArray) => Record<string, string>)?][] = [
  [/^is required$/, 'required'],
  [/^must be at least (\d+) characters$/, 'minChars', (m) => ({ n: m[1]! })],
  [/^must be at most (\d+) characters$/, 'maxChars', (m) => ({ n: m[1]! })],
  [/^must be an 18-character unified social credit code/, 'creditCode'],
  [/^check digit is wrong$/, 'checkDigit'],
  [/^must be 18 characters: 17 digits and a digit or X$/, 'idFormat'],
  [/^must start with a mainland China region code$/, 'idRegion'],
  [/^must carry a real birth date/, 'idBirthDate'],
  [/^must be a bank card number of 12 to 19 digits$/, 'cardFormat'],
  [/^must be 8 to 32 digits$/, 'accountFormat'],
  [/^must have at most one decimal$/, 'oneDecimal'],
  [/^must be a real date as YYYY-MM-DD/, 'date'],
  [/^must be a mobile number, a landline/, 'servicePhone'],
  [/^must be a person's name$/, 'personName'],
  [/^must not be in the future$/, 'notFuture'],
  [/^must be after idValidFrom$/, 'afterFrom'],
  [/^has passed: the identity card has expired$/, 'expired'],
  [/^must be empty for a small-micro merchant$/, 'noCreditCode'],
  [/^must start with 92 for an individual business$/, 'starts92'],
  [/^starts with 92, which is an individual business/, 'is92'],
  [/^must be CORPORATE for an enterprise$/, 'corporateOnly'],
  [/^must be PERSONAL for a small-micro merchant$/, 'personalOnly'],
  [/^must match the merchant name for a corporate account$/, 'holderSubject'],
  [/^must match the legal person's name for a personal account$/, 'holderPerson'],
  [/^must name at least one channel$/, 'oneChannel'],
  [/^is listed twice$/, 'twice'],
  [/^must be the fileId of an upload$/, 'fileId'],
];

/** The value at `path` of what was checked: undefined means the field is missing. */
function valueAt(value: unknown, path: Path): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/** One problem in the reader's language. */
export function issueText(issue: Issue, checked: unknown, t: TFunction): string {
  if (valueAt(checked, issue.path) === undefined) return t('issue.required');
  const kind = (issue as { params?: { kind?: string } }).params?.kind;
  if (issue.path[0] === 'documents' && kind) return t('issue.missingDoc', { doc: t(`doc.${kind}`) });
  for (const [re, key, params] of PHRASES) {
    const m = re.exec(issue.message);
    if (m) return t(`issue.${key}`, params?.(m) ?? {});
  }
  switch (issue.code) {
    case 'too_big':
      return t('issue.max', { max: String(issue.maximum) });
    case 'too_small':
      return t('issue.min', { min: String(issue.minimum) });
    case 'invalid_value':
      return t('issue.choose');
    default:
      return t('issue.invalid');
  }
}

const startsWith = (long: Path, short: Path) =>
  short.length <= long.length && short.every((key, i) => String(key) === String(long[i]));
/** An issue about this field, one of its parts, or a section holding it. */
export const concerns = (issue: Path, field: Path) => startsWith(field, issue) || startsWith(issue, field);

/** The problems of `step` as the contract judges the whole form (`stepIssues`: the server's own rules). */
export function issuesOf(step: ApplicationStep, values: WizardValues) {
  const checked = toDraft(values);
  return { checked, issues: stepIssues(step, checked) };
}

/** The texts of the problems `path` has (or its parts, or a missing section holding it), given the form's values. */
export function fieldProblems(
  path: readonly (string | number)[],
  values: WizardValues,
  t: TFunction,
  only: (issue: Issue) => boolean = () => true,
): string[] {
  const { checked, issues } = issuesOf(path[0] as ApplicationStep, values);
  const texts = issues.filter((i) => concerns(i.path, path) && only(i)).map((i) => issueText(i, checked, t));
  return [...new Set(texts)];
}

/**
 * antd's rule for a field of the wizard: the contract's problems about it, judged against the whole form (a
 * holder's name is checked against the merchant's), in the reader's language.
 */
export function issueRule(path: readonly (string | number)[], t: TFunction): RuleRender {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const texts = fieldProblems(path, getFieldsValue(true) as WizardValues, t);
      if (texts.length) throw new Error(texts.join(t('issue.separator')));
    },
  });
}
