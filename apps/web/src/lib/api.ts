import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import type { Envelope } from '@mchweb/contract';
import { ApiError } from './api-error';
import { ENV } from './env';
import { setNetworkOnline } from './network';
import { toast } from './toast';

/**
 * The axios instance with its interceptors (request.ts) is loaded by the first call, not by the app shell: the
 * sign-in page downloads it when the form is submitted. A chunk that cannot be fetched fails like a request that
 * could not reach the server (axios's 'Network Error'; offline -> the offline flag, S8.6).
 */
function client() {
  return import('./request').then(
    (m) => m.http,
    (cause: unknown) => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) setNetworkOnline(false);
      throw new Error('Network Error', { cause });
    },
  );
}

/**
 * What carries the JSON calls (`apiGet`, `apiPost`, so the typed client's `call`): the request layer above unless a
 * page installs a lighter one (the payer's page: `fetch-transport.ts`, without axios and the portal's toasts).
 */
export interface JsonTransport {
  get<T>(url: string, config: CallOptions & { params?: object }): Promise<{ data: T }>;
  post<T>(url: string, body: object, config: CallOptions): Promise<{ data: T }>;
}
let transport: () => Promise<JsonTransport> = client;

export function setJsonTransport(use: JsonTransport): void {
  transport = () => Promise.resolve(use);
}

/**
 * What a feature's API file declares about its call (see request.ts): `quiet` when the caller shows `msg`
 * itself, `companyCodes: 'self'` when it handles 8091012/8091033 itself, `signal` from TanStack Query,
 * `background` for a poll (no progress bar).
 */
export type CallOptions = Pick<AxiosRequestConfig, 'quiet' | 'companyCodes' | 'signal' | 'timeout' | 'background'>;

/** GET with query parameters (S7.1); resolves to the envelope's `data`, rejects with ApiError or AxiosError. */
export async function apiGet<T>(url: string, params?: object, options: CallOptions = {}): Promise<T> {
  const res = await (await transport()).get<Envelope<T>>(url, { ...options, params });
  return res.data.data;
}

/** POST with a JSON body (S7.1); resolves to the envelope's `data`. */
export async function apiPost<T>(url: string, body: object = {}, options: CallOptions = {}): Promise<T> {
  const res = await (await transport()).post<Envelope<T>>(url, body, options);
  return res.data.data;
}

/**
 * A server path outside the merchant base (`/api/pay/...`, a file's `url` from an upload) as a full address at
 * the API's origin: the request layer's base would otherwise be put in front of it.
 */
export function atApiOrigin(path: string): string {
  return `${ENV.apiOrigin || window.location.origin}${path}`;
}

/** `fieldErrors('mobile: is already registered')` -> { field: 'mobile', message: 'is already registered' }. */
export function fieldOf(error: unknown): { field: string | null; message: string } {
  const msg = error instanceof ApiError ? error.msg : error instanceof Error ? error.message : String(error);
  const m = /^([A-Za-z][\w.]*): (.+)$/.exec(msg);
  return m ? { field: m[1]!, message: m[2]! } : { field: null, message: msg };
}

function percent(e: AxiosProgressEvent): number {
  return e.total
    ? Math.min(100, Math.round((e.loaded / e.total) * 100))
    : e.progress
      ? Math.round(e.progress * 100)
      : 0;
}

/** A JSON answer where a file was expected is an envelope refusal: rejected with ApiError, its msg toasted or not. */
async function throwIfRefusal(blob: Blob, status: number, options: { toast: boolean }): Promise<void> {
  if (!blob.type.includes('application/json')) return;
  const envelope = JSON.parse(await blob.text()) as Envelope;
  if (envelope.code === 200) return;
  if (options.toast) toast.error(envelope.msg);
  throw new ApiError(envelope, status);
}

/** Hand a file to the browser's downloads under `name`. */
function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

function filenameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]!);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]! : fallback;
}

/**
 * An export (S7.4): POST the filter, receive the file, save it under the server's file name. The code checks
 * are skipped for binary answers, but a JSON answer is an envelope refusal and its `msg` is shown. `onProgress`
 * gets the percentage (0 while the size is unknown, as for a streamed file) and the bytes received so far;
 * `options` may give a longer timeout for a big file and a signal to cancel it.
 */
export async function download(
  url: string,
  body: object,
  onProgress?: (percent: number, loaded: number) => void,
  fallbackName = 'export',
  options: Pick<CallOptions, 'signal' | 'timeout'> = {},
): Promise<string> {
  const res = await (
    await client()
  ).post<Blob>(url, body, {
    ...options,
    raw: true,
    responseType: 'blob',
    headers: { Accept: '*/*' },
    onDownloadProgress: (e) => onProgress?.(percent(e), e.loaded),
  });
  const blob = res.data;
  await throwIfRefusal(blob, res.status, { toast: true });
  const name = filenameOf(res.headers['content-disposition'] as string | undefined, fallbackName);
  saveBlob(blob, name);
  onProgress?.(100, blob.size);
  return name;
}

/** An upload (S7.4, e.g. /inco/upload): multipart with progress; resolves to the envelope's data when JSON. */
export async function upload<T>(
  url: string,
  file: Blob,
  onProgress?: (percent: number) => void,
  fields: Record<string, string> = {},
): Promise<T> {
  const form = new FormData();
  Object.entries(fields).forEach(([k, v]) => form.append(k, v));
  form.append('file', file);
  const res = await (
    await client()
  ).post<Envelope<T>>(url, form, {
    raw: true,
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (e) => onProgress?.(percent(e)),
  });
  const body = res.data;
  if (body && typeof body === 'object' && 'code' in body && body.code !== 200) {
    toast.error(body.msg);
    throw new ApiError(body, res.status);
  }
  return (body as Envelope<T>)?.data;
}

/**
 * A file the server keeps (an uploaded document), read with the session's token (an `<img src>` would not carry
 * it). `url` as the server gave it (`/api/merchant/inco/file/F...`). Rejects with ApiError for a JSON refusal.
 */
export async function fetchFile(url: string, options: CallOptions = {}): Promise<Blob> {
  const res = await (
    await client()
  ).get<Blob>(atApiOrigin(url), { ...options, raw: true, responseType: 'blob', headers: { Accept: '*/*' } });
  await throwIfRefusal(res.data, res.status, { toast: false });
  return res.data;
}

/**
 * A file the server makes on a GET (a printable sheet, an image), saved under the server's file name: the code
 * checks are skipped for the binary answer (S7.4), and a JSON answer is an envelope refusal whose `msg` is shown.
 */
export async function downloadGet(url: string, params: object, fallbackName = 'download'): Promise<string> {
  const res = await (
    await client()
  ).get<Blob>(url, { params, raw: true, responseType: 'blob', headers: { Accept: '*/*' } });
  await throwIfRefusal(res.data, res.status, { toast: true });
  const name = filenameOf(res.headers['content-disposition'] as string | undefined, fallbackName);
  saveBlob(res.data, name);
  return name;
}
