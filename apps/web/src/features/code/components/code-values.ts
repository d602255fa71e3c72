import type { CodeStatus } from '@mchweb/contract';
import { AMOUNT_MAX_FEN, formatFen, parseYuan } from '@mchweb/contract/money';

/*
 * The contract's code statuses and number pattern, repeated here: its code module builds zod schemas, and a value
 * import would put zod in this feature's chunk (docs/web.md, "Budget"). code-values.test.ts keeps them equal.
 */
export const CODE_STATUS_LIST = ['UNBOUND', 'BOUND', 'DISABLED'] as const satisfies readonly CodeStatus[];
export const CODE_NO_PATTERN = /^[1-9]\d{11}$/;
export const CODES_PER_PAGE = 12;
export type { CodeStatus };

/** `512345678901` -> `5123 4567 8901`, as printed on the sheet. */
export const spacedCodeNo = (codeNo: string) => codeNo.replace(/(\d{4})(?=\d)/g, '$1 ');

/** What a person typed (spaces, dashes) as a code number; null unless it is one. */
export function codeNoOf(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return CODE_NO_PATTERN.test(digits) ? digits : null;
}

/** A scanned QR code: our cashier address `.../pay/<codeNo>` or a bare code number; null for anything else. */
export function codeNoFromScan(text: string): string | null {
  const path = /\/pay\/([1-9]\d{11})(?:[/?#]|$)/.exec(text.trim());
  return path ? path[1]! : codeNoOf(text);
}

/** A fixed amount typed in yuan as fen, within what one payment may be; null when it is not one. */
export function fixedAmountFen(yuan: string): number | null {
  const fen = parseYuan(yuan);
  return fen !== null && fen >= 1 && fen <= AMOUNT_MAX_FEN ? fen : null;
}

/** 2500 -> "¥25.00". */
export const yuan = (fen: number) => `¥${formatFen(fen)}`;
