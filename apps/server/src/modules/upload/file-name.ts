import { EXTENSIONS, type UploadType } from './file-type.ts';

/** Control characters, and the bidirectional overrides that can make `gpj.exe` read as `exe.jpg`. */
export const UNSAFE_CHARS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
/** Half a surrogate pair: not a character (encodeURIComponent throws on one). */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Longest name kept, in characters (a name is shown and sent in Content-Disposition, never used as a path). */
export const MAX_NAME_CHARS = 100;

/**
 * The name an upload is kept under, for showing and for Content-Disposition: the sender's file name without any
 * folder (`C:\fakepath\...`), control characters or direction overrides, at most 100 characters, and ending with
 * an extension of the type its bytes are: a PDF sent as `scan.html` is kept as `scan.html.pdf`, so a download
 * never opens as something else on the reader's computer.
 */
export function storedName(filename: string, type: UploadType): string {
  const base = (filename.split(/[/\\]/).pop() ?? '')
    .replace(UNSAFE_CHARS, '')
    .replace(LONE_SURROGATE, '')
    .normalize('NFC')
    .trim();
  const extensions = EXTENSIONS[type];
  const own = extensions.find((e) => base.toLowerCase().endsWith(e) && base.length > e.length);
  const extension = own ? base.slice(-own.length) : extensions[0]!;
  const stem = [...(own ? base.slice(0, -own.length) : base)].slice(0, MAX_NAME_CHARS - extension.length).join('');
  return `${stem.trim() || 'upload'}${extension}`;
}
