/**
 * A storage key: letters, digits, `_` and `-`, 1 to 128 of them. The upload module makes them at random; the
 * adapters still refuse anything else (`/`, `..`, `\`, NUL...), so no key can reach outside the directory or
 * the bucket's top level, whoever calls them.
 */
const KEY_RE = /^[A-Za-z0-9_-]{1,128}$/;

export function checkKey(key: string): string {
  if (!KEY_RE.test(key)) throw new Error(`file storage: refused key ${JSON.stringify(key.slice(0, 140))}`);
  return key;
}
