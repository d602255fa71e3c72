import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { Envelope } from '@mchweb/contract';
// The endpoint module alone (types and this constant): the request layer's chunk carries no schemas.
import { MERCHANT_API_BASE } from '@mchweb/contract/endpoint';
import { currentLanguage, t } from '@/i18n';
import { ENV } from './env';
import { setNetworkOnline } from './network';
import { progressBegin, progressEnd } from './progress';
import { ApiError } from './api-error';
import { companyBlocked, sessionExpired, sessionToken } from './session-expiry';
import { toast } from './toast';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the envelope code checks (S7.4): binary exports and uploads (`download`/`upload` of lib/api.ts). */
    raw?: boolean;
    /** Do not toast a business error: the caller shows `msg` itself (e.g. beside the form field it names). */
    quiet?: boolean;
    /**
     * 'self': the caller handles the company codes 8091012/8091033 (S4.4: the guard's company fetch, a refused
     * organisation switch) instead of the request layer sending the user to /login-error (S8.7).
     */
    companyCodes?: 'self';
    /**
     * A poll made in the background (a list read again every few seconds): no top progress bar (S9.4), which
     * would otherwise flash on every read of a page left open.
     */
    background?: boolean;
    /** Internal: the duplicate-request key of this call. */
    dedupeKey?: string;
  }
}

/** S7.1 / S9.2: the merchant API's base (declared with the endpoints in the contract). */
export const API_BASE = MERCHANT_API_BASE;
export const REQUEST_TIMEOUT_MS = 60_000;
/** S8.5 / S9.4: at most one "server error" toast per second. */
export const SERVER_ERROR_DEBOUNCE_MS = 1000;
/** S8.1: envelope codes and HTTP statuses that mean the session is gone. */
export const AUTH_CODES = [401, 407];
export const AUTH_HTTP_STATUSES = [401, 403, 407];
/** S8.7: company codes; a call declared `companyCodes: 'self'` handles them itself. */
export const COMPANY_CODES = [8091012, 8091033];

// The error type and the session dialog live in modules without axios (see their files); re-exported here.
export { ApiError } from './api-error';
export {
  clearSession,
  isSessionDialogOpen,
  sessionDialogClosed,
  sessionExpired,
  setLoginNavigator,
  setPathNavigator,
} from './session-expiry';

export const http = axios.create({
  baseURL: ENV.apiOrigin + API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  validateStatus: (s) => s >= 200 && s < 300,
});

// ---- S7.5 duplicate requests: a new identical request cancels the pending one ----
const pending = new Map<string, AbortController>();
/** Each Blob sent gets a number, so a form's key names its files: the same File object twice is a duplicate. */
const blobIds = new WeakMap<Blob, number>();
let lastBlobId = 0;
function blobKey(blob: Blob): string {
  let id = blobIds.get(blob);
  if (id === undefined) blobIds.set(blob, (id = ++lastBlobId));
  const name = blob instanceof File ? blob.name : '';
  return `[blob ${id} ${name} ${blob.size} ${blob.type}]`;
}
/** A multipart body as its fields and files, in order: two uploads of different files never share a key. */
function formKey(form: FormData): string {
  return JSON.stringify([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : blobKey(v)]));
}
function dedupeKey(config: InternalAxiosRequestConfig): string {
  const data = config.data instanceof FormData ? formKey(config.data) : JSON.stringify(config.data ?? null);
  return [config.method, config.baseURL, config.url, JSON.stringify(config.params ?? null), data].join('&');
}
function settle(config?: InternalAxiosRequestConfig) {
  if (!config?.dedupeKey) return;
  if (!config.background) progressEnd();
  if (pending.get(config.dedupeKey)?.signal === config.signal) pending.delete(config.dedupeKey);
  config.dedupeKey = undefined;
}

http.interceptors.request.use((config) => {
  const token = sessionToken();
  if (token) config.headers.set('token', token); // S6.1
  // The server answers its messages (toasts, errors beside fields) in the language the user chose.
  config.headers.set('Accept-Language', currentLanguage());
  const key = dedupeKey(config);
  pending.get(key)?.abort();
  const controller = new AbortController();
  const outer = config.signal as AbortSignal | undefined;
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener?.('abort', () => controller.abort(), { once: true });
  }
  config.signal = controller.signal;
  config.dedupeKey = key;
  pending.set(key, controller);
  if (!config.background) progressBegin();
  return config;
});

let lastServerError = 0;
function serverErrorToast(): void {
  const now = Date.now();
  if (now - lastServerError < SERVER_ERROR_DEBOUNCE_MS) return;
  lastServerError = now;
  toast.error(t('error.server'));
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && 'code' in body;
}

http.interceptors.response.use(
  (response: AxiosResponse) => {
    settle(response.config);
    const { config } = response;
    if (config.raw || !isEnvelope(response.data)) return response;
    const body = response.data;
    if (AUTH_CODES.includes(body.code)) {
      sessionExpired();
      return Promise.reject(new ApiError(body, response.status));
    }
    if (body.status === 503) {
      toast.error(body.msg);
      return Promise.reject(new ApiError(body, response.status));
    }
    if (COMPANY_CODES.includes(body.code) && config.companyCodes !== 'self') {
      companyBlocked(body.code, body.msg);
      return Promise.reject(new ApiError(body, response.status));
    }
    if (body.code !== 200) {
      if (!config.quiet) toast.error(body.msg);
      return Promise.reject(new ApiError(body, response.status));
    }
    return response;
  },
  (error: AxiosError) => {
    settle(error.config);
    if (axios.isCancel(error)) return Promise.reject(error);
    const res = error.response;
    if (!res) {
      if (typeof navigator !== 'undefined' && navigator.onLine === false)
        setNetworkOnline(false); // S8.6
      else if (error.code !== AxiosError.ERR_CANCELED) serverErrorToast();
      return Promise.reject(error);
    }
    const body = isEnvelope(res.data) ? res.data : undefined;
    if (AUTH_HTTP_STATUSES.includes(res.status) || (body && AUTH_CODES.includes(body.code))) {
      sessionExpired();
      return Promise.reject(body ? new ApiError(body, res.status) : error);
    }
    if (body?.status === 503) {
      toast.error(body.msg);
      return Promise.reject(new ApiError(body, res.status));
    }
    if (res.status === 404) return Promise.reject(error); // S8.4: ignored
    serverErrorToast();
    return Promise.reject(error);
  },
);
