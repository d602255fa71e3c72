import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from './webhook-address.ts';

export interface Answer {
  status: number | null;
  /** The answer's first RESPONSE_KEPT bytes as text. */
  body: string | null;
  error: string | null;
}

const RESPONSE_KEPT = 4096;

/**
 * POST `body` to `url` and wait for the answer, at most `timeoutMs` in all. Private addresses are refused at
 * connection time unless allowed (webhook-address.ts); redirects are not followed (a 3xx is a failed try, as the
 * Standard Webhooks guidance has it).
 */
export function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<Answer> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const request = (target.protocol === 'https:' ? https : http).request(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      lookup: guardedLookup(opts.allowPrivate),
      agent: false,
    });
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(answer);
    };
    const timer = setTimeout(
      () => finish({ status: null, body: null, error: `no answer within ${opts.timeoutMs} ms` }),
      opts.timeoutMs,
    );
    request.on('error', (err: NodeJS.ErrnoException) =>
      finish({ status: null, body: null, error: err.code ? `${err.code}: ${err.message}` : err.message }),
    );
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_KEPT) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () =>
        finish({
          status: response.statusCode ?? null,
          body: Buffer.concat(chunks).subarray(0, RESPONSE_KEPT).toString('utf8'),
          error: null,
        }),
      );
      response.on('error', (err) => finish({ status: response.statusCode ?? null, body: null, error: err.message }));
    });
    request.end(body);
  });
}
