import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './web-documents.ts';

const sha256 = (code: string) => `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`;

describe('the hashes a document allows its inline scripts by (content security policy)', () => {
  it('hashes each bare script whole, a "<" inside included, and leaves module and external scripts to script-src', () => {
    const first = 'document.documentElement.className="x"';
    const batched = 'function next(){if(q.length<4)return;setTimeout(next,0)}next()';
    const html =
      `<head><script>${first}</script><script type="module" src="/mchweb/assets/index.js"></script></head>` +
      `<body><div id="root"></div><script>${batched}</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(first), sha256(batched)]);
  });

  it('a document without inline scripts allows none', () => {
    expect(inlineScriptHashes('<!doctype html><title>mchweb</title><script src="/a.js"></script>')).toEqual([]);
  });
});
