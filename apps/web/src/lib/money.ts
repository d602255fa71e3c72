import { formatFen } from '@mchweb/contract/money';

/** Money as everyone reads it: 123456 fen -> "¥1,234.56", -5 -> "-¥0.05". */
export function yuan(fen: number): string {
  const text = formatFen(fen);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/** A count as everyone reads it: 12345 -> "12,345". */
export const count = (n: number) => n.toLocaleString('en-US');
