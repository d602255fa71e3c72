import type { Envelope } from '@mchweb/contract';
import type { JsonTransport } from './api';
import { ApiError } from './api-error';
import { setNetworkOnline } from './network';

const TIMEOUT_MS = 60_000;
const isEnvelope = (body: unknown): body is Envelope => typeof body === 'object' && body !== null && 'code' in body;

/**
 * The JSON calls over the browser's fetch, for the payer's page (its own small entry: no axios, no toasts, no
 * session): the XSRF cookie echoed in its header and the language sent, as the request layer does; an envelope
 * whose code is not 200 rejects with ApiError, anything else unanswered with an Error ('Network Error' when
 * the server could not be reached). Every call of that page is quiet: the page shows each refusal itself.
 */
export function fetchTransport(language: () => string): JsonTransport {
  async function send<T>(method: 'GET' | 'POST', url: string, body: object | undefined, signal?: unknown) {
    const outer = signal as AbortSignal | undefined;
    const controller = new AbortController();
    const abort = () => controller.abort(outer?.reason);
    if (outer?.aborted) abort();
    outer?.addEventListener('abort', abort, { once: true });
    const timer = setTimeout(() => controller.abort(new Error(`timeout of ${TIMEOUT_MS}ms exceeded`)), TIMEOUT_MS);
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language() };
    if (body) headers['Content-Type'] = 'application/json';
    const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
    if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
    try {
      let res: Response;
      try {
        res = await fetch(url, { method, headers, body: body && JSON.stringify(body), signal: controller.signal });
      } catch (cause) {
        if (controller.signal.aborted) throw controller.signal.reason ?? cause;
        if (navigator.onLine === false) setNetworkOnline(false);
        throw new Error('Network Error', { cause });
      }
      const data: unknown = await res.json().catch(() => undefined);
      if (isEnvelope(data) && data.code !== 200) throw new ApiError(data, res.status);
      if (!res.ok || !isEnvelope(data)) throw new Error(`Request failed with status code ${res.status}`);
      return { data: data as T };
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', abort);
    }
  }
  return {
    get: (url, { params, signal }) => {
      const query = new URLSearchParams(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)])).toString();
      return send('GET', query ? `${url}?${query}` : url, undefined, signal);
    },
    post: (url, body, { signal }) => send('POST', url, body, signal),
  };
}
