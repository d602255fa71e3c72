import type { Language } from './language.ts';

/**
 * How guessable a new password is, judged by zxcvbn-ts (a maintained TypeScript port of Dropbox's estimator)
 * with its common-password, name and word dictionaries and keyboard patterns. One judge for the server (which
 * refuses) and the sign-up form (which warns as the user types): the dictionaries are about 1 MB, so they are
 * loaded on first use, never with the page.
 */

/** zxcvbn scores 0 to 4; 3 means "safely unguessable: moderate protection from an offline slow-hash attack". */
export const PASSWORD_MIN_SCORE = 3;

/** Why a password is refused: zxcvbn's own warnings, or one of ours. */
export const PASSWORD_WEAKNESSES = [
  'containsPersonal',
  'common',
  'similarToCommon',
  'topTen',
  'topHundred',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'straightRow',
  'keyPattern',
  'recentYears',
  'dates',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
  'userInputs',
  'tooGuessable',
] as const;
export type PasswordWeakness = (typeof PASSWORD_WEAKNESSES)[number];

/** Why a password is easy to guess, in both languages: the server's refusal and the sign-up form's hint. */
export const PASSWORD_WEAKNESS_TEXT: Record<PasswordWeakness, Record<Language, string>> = {
  containsPersonal: {
    'en-US': 'it contains your mobile number, username or name',
    'zh-CN': '包含了您的手机号、用户名或姓名',
  },
  common: { 'en-US': 'it is one of the most common passwords', 'zh-CN': '这是最常见的密码之一' },
  similarToCommon: { 'en-US': 'it is a common password with small changes', 'zh-CN': '这是常见密码稍加改动' },
  topTen: { 'en-US': 'it is one of the ten most common passwords', 'zh-CN': '这是最常见的十个密码之一' },
  topHundred: { 'en-US': 'it is one of the hundred most common passwords', 'zh-CN': '这是最常见的一百个密码之一' },
  simpleRepeat: { 'en-US': 'it repeats characters, like "aaa"', 'zh-CN': '含有重复字符，如"aaa"' },
  extendedRepeat: { 'en-US': 'it repeats a pattern, like "abcabc"', 'zh-CN': '含有重复的片段，如"abcabc"' },
  sequences: { 'en-US': 'it follows a sequence, like "abcd" or "1234"', 'zh-CN': '含有连续序列，如"abcd"或"1234"' },
  straightRow: { 'en-US': 'it is a row of keys on the keyboard', 'zh-CN': '是键盘上连成一排的键' },
  keyPattern: { 'en-US': 'it is a keyboard pattern', 'zh-CN': '是键盘上的规律组合' },
  recentYears: { 'en-US': 'it ends in a recent year', 'zh-CN': '含有近年的年份' },
  dates: { 'en-US': 'it is built on a date', 'zh-CN': '以日期为主' },
  wordByItself: { 'en-US': 'a single word is easy to guess', 'zh-CN': '单个单词很容易被猜到' },
  namesByThemselves: { 'en-US': 'names alone are easy to guess', 'zh-CN': '单独的姓名很容易被猜到' },
  commonNames: { 'en-US': 'it is built on a common name', 'zh-CN': '以常见姓名为主' },
  userInputs: { 'en-US': 'it contains your own details', 'zh-CN': '包含了您自己的信息' },
  tooGuessable: { 'en-US': 'it would be guessed quickly', 'zh-CN': '很容易被猜到' },
};

export interface PasswordVerdict {
  ok: boolean;
  score: number;
  weakness: PasswordWeakness | null;
}

interface Judge {
  check(password: string, userInputs?: string[]): { score: number; feedback: { warning: string | null } };
}
let judge: Promise<Judge> | null = null;
function loadJudge(): Promise<Judge> {
  judge ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
      }) as Judge,
  );
  return judge;
}

/** The parts of `personal` (mobile, username, name) worth looking for: 4 characters or more, lower case. */
const personalParts = (personal: readonly (string | null | undefined)[]) =>
  personal.flatMap((p) => (p && p.trim().length >= 4 ? [p.trim().toLowerCase()] : []));

/**
 * Whether `password` may be set: not containing the person's own mobile, username or name, and scoring at least
 * PASSWORD_MIN_SCORE. `weakness` says why not.
 */
export async function judgePassword(
  password: string,
  personal: readonly (string | null | undefined)[] = [],
): Promise<PasswordVerdict> {
  const parts = personalParts(personal);
  const lower = password.toLowerCase();
  // The last 8 digits of a mobile are as guessable as all 11.
  const mobileTails = parts.filter((p) => /^1\d{10}$/.test(p)).map((p) => p.slice(3));
  if ([...parts, ...mobileTails].some((p) => lower.includes(p))) {
    return { ok: false, score: 0, weakness: 'containsPersonal' };
  }
  const result = (await loadJudge()).check(password, parts);
  if (result.score >= PASSWORD_MIN_SCORE) return { ok: true, score: result.score, weakness: null };
  const warning = result.feedback.warning;
  const weakness = (PASSWORD_WEAKNESSES as readonly string[]).includes(warning ?? '')
    ? (warning as PasswordWeakness)
    : 'tooGuessable';
  return { ok: false, score: result.score, weakness };
}
