/** A plain text table: one header line, a rule, then rows; columns padded to their widest cell. */
export function formatTable(items: readonly object[]): string {
  if (items.length === 0) return '(none)';
  const rows = items as Record<string, unknown>[];
  const headers = Object.keys(rows[0]!);
  const cells = rows.map((r) => headers.map((h) => (r[h] === null || r[h] === undefined ? '-' : String(r[h]))));
  // East Asian characters take two columns in a terminal.
  const width = (s: string) => [...s].reduce((n, ch) => n + (/[\u1100-\uffef]/.test(ch) ? 2 : 1), 0);
  const widths = headers.map((h, i) => Math.max(width(h), ...cells.map((c) => width(c[i]!))));
  const line = (values: string[]) =>
    values
      .map((v, i) => v + ' '.repeat(widths[i]! - width(v)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}
