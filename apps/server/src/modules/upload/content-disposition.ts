import { LONE_SURROGATE, UNSAFE_CHARS } from './file-name.ts';

/**
 * A `Content-Disposition` header for a file download (RFC 6266): `attachment` (or `inline`), the real name as
 * UTF-8 in `filename*` (RFC 5987/8187), which every current browser prefers, and a plain ASCII `filename` for old
 * clients (accents dropped; any other non-ASCII character, quote, backslash or `%` becomes `_`). In both, control
 * characters and bidirectional overrides go and slashes become `_`. Safe for any input: nothing in the name can
 * end the quoted string or the header.
 */
export function contentDispositionFor(name: string, inline = false): string {
  const clean =
    name.replace(UNSAFE_CHARS, '').replace(LONE_SURROGATE, '\ufffd').replace(/[/\\]/g, '_').trim() || 'file';
  const fallback =
    clean
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\x20-\x7e]|["\\%]/g, '_')
      .trim() || 'file';
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
