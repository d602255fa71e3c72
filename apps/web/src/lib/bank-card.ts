import { bankCardProblem } from '@mchweb/contract/id-checks';

/** "6222 0212 3456 7890": a card number as typed, digits only (at most 19), in groups of four. */
export const groupedCard = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** The most characters a grouped card number takes: 19 digits and 4 spaces. */
export const GROUPED_CARD_MAX_LENGTH = 23;

type CardMessages = { required: string; format: string; check: string };

/** An antd validator of a card number (spaces allowed): 12 to 19 digits and its Luhn check digit; empty passes. */
export const bankCardCheck =
  (messages: CardMessages) =>
  (_: unknown, value: string | undefined): Promise<void> => {
    const digits = (value ?? '').replace(/\s/g, '');
    const problem = digits ? bankCardProblem(digits) : null;
    if (problem === 'format') return Promise.reject(new Error(messages.format));
    if (problem) return Promise.reject(new Error(messages.check));
    return Promise.resolve();
  };

/**
 * antd rules of a bank card number field: required, then `bankCardCheck` with the contract's zod-free
 * `bankCardProblem`, so no zod reaches the page. The messages are the caller's.
 */
export const bankCardRules = (messages: CardMessages) => [
  { required: true, whitespace: true, message: messages.required },
  { validator: bankCardCheck(messages) },
];
