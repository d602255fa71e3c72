import type { z } from 'zod';
import { MERCHANT_API_BASE, type Endpoint, type FileEndpoint, type JsonEndpoint } from '@mchweb/contract/endpoint';
import { apiGet, apiPost, atApiOrigin, download as downloadPost, downloadGet, upload as uploadForm } from './api';
import type { CallOptions } from './api';

/**
 * The one typed client of the API: every call of a feature's api file names an endpoint declared in
 * @mchweb/contract (`<area>/endpoints.ts`) and gives its input; the path, the method and the answer's type come from
 * the declaration. The request layer underneath (lib/api.ts, lib/request.ts) keeps the envelope checks, the
 * XSRF and token headers, the toasts and the progress bar. No other file of the web names an `/api/` path.
 */

/** A part the schema accepts empty (`z.strictObject({})`, every field optional) may be left out. */
type Part<K extends string, S> = S extends z.ZodType
  ? Record<string, never> extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a call sends: the endpoint's path parameters, query and body, each as its schema accepts it. */
export type EndpointInput<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** The envelope's `data` of a successful call. */
export type EndpointData<E extends JsonEndpoint> = z.output<E['response']>;

/** The input may be left out when the endpoint takes none. */
type InputArgs<E extends Endpoint, Rest extends unknown[]> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, ...rest: Rest]
    : [input: EndpointInput<E>, ...rest: Rest];

/** The declared path with its `:name` parameters filled in (encoded), e.g. `/api/pay/code/880000000001`. */
export function pathOf(endpoint: Endpoint, params: object = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = (params as Record<string, unknown>)[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Where the request layer sends it: a merchant path relative to its base (as `/order/list`, so the base and the
 * duplicate-request keys stay as they were), any other path (`/api/pay/...`) as a full address at the API's origin.
 */
function urlOf(endpoint: Endpoint, params?: object): string {
  const path = pathOf(endpoint, params);
  const base = MERCHANT_API_BASE.slice(0, -1);
  return path.startsWith(MERCHANT_API_BASE) ? path.slice(base.length) : atApiOrigin(path);
}

export interface ClientCallOptions extends CallOptions {
  /**
   * S7.3: send it to the page's origin, not the API's (switching organisation is a call to the page's origin,
   * not the merchant base).
   */
  pageOrigin?: true;
}

/** A JSON call: resolves to the envelope's `data`, rejects with ApiError (or AxiosError) as lib/api.ts says. */
export function call<E extends JsonEndpoint>(
  endpoint: E,
  ...[input, clientOptions]: InputArgs<E, [options?: ClientCallOptions]>
): Promise<EndpointData<E>> {
  const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: object };
  const { pageOrigin, ...options } = clientOptions ?? {};
  const url = pageOrigin ? `${window.location.origin}${pathOf(endpoint, params)}` : urlOf(endpoint, params);
  return endpoint.method === 'GET'
    ? apiGet<EndpointData<E>>(url, query, options)
    : apiPost<EndpointData<E>>(url, body ?? {}, options);
}

export interface DownloadOptions extends Pick<CallOptions, 'signal' | 'timeout'> {
  /** The percentage (0 while the size is unknown) and the bytes received so far. */
  onProgress?: (percent: number, loaded: number) => void;
  /** The file's name when the server gives none. */
  fallbackName?: string;
}

/**
 * A file answer (S7.4), saved under the server's file name: a POST export with its filter and progress, or a
 * GET (an image, a printable sheet). A JSON answer is an envelope refusal and its `msg` is shown.
 */
export function download<E extends FileEndpoint>(
  endpoint: E,
  ...[input, options = {}]: InputArgs<E, [options?: DownloadOptions]>
): Promise<string> {
  const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: object };
  const url = urlOf(endpoint, params);
  const { onProgress, fallbackName, ...callOptions } = options;
  return endpoint.method === 'GET'
    ? downloadGet(url, query ?? {}, fallbackName)
    : downloadPost(url, body ?? {}, onProgress, fallbackName, callOptions);
}

/** An upload (S7.4): multipart with progress, the endpoint's `consumes`; resolves to the envelope's `data`. */
export function upload<E extends JsonEndpoint & { consumes: readonly ['multipart/form-data'] }>(
  endpoint: E,
  file: Blob,
  onProgress?: (percent: number) => void,
  fields: Record<string, string> = {},
): Promise<EndpointData<E>> {
  return uploadForm<EndpointData<E>>(urlOf(endpoint), file, onProgress, fields);
}

/**
 * The path of a file the server keeps (an uploaded document), with its query, to read with lib/api.ts's
 * fetchFile (which puts the API's origin in front).
 */
export function fileUrl(endpoint: FileEndpoint, params: object, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return pathOf(endpoint, params) + (search ? `?${search}` : '');
}
