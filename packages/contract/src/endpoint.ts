import type { z } from 'zod';
import type { OpsPermission } from './ops/permissions.ts';
import type { Permission } from './permissions.ts';

/**
 * Who may call an endpoint (the server's access plugin enforces it before validation):
 * - public: anyone (a valid token is still read when sent)
 * - signedIn: a valid session, with or without a current company
 * - member: an active member of an active current company
 * - a permission code: a member whose role grants it
 * The operator console (`/api/ops/`, its own accounts and sessions; a merchant session never passes these):
 * - opsCode: an operator session past the password step, with or without its TOTP code (the code step's calls)
 * - operator: an operator session past both steps
 * - an `ops:*` permission code: an operator past both steps whose roles grant it
 */
export type Access = 'public' | 'signedIn' | 'member' | Permission | 'opsCode' | 'operator' | OpsPermission;

/** The merchant API's base: the web's request layer points there, and most endpoints' paths start with it. */
export const MERCHANT_API_BASE = '/api/merchant/';

export type HttpMethod = 'GET' | 'POST';

/**
 * One API endpoint, declared once: the server registers its route from it (apps/server/src/route.ts) and the web
 * calls it through the typed client (apps/web/src/lib/api-client.ts). Each area keeps its endpoints in
 * `<area>/endpoints.ts`, beside the schemas they name.
 */
export interface Endpoint {
  method: HttpMethod;
  /** The full path as the server answers it; `:name` for a path parameter (declared in `params`). */
  path: `/api/${string}`;
  access: Access;
  /**
   * A POST that only reads (the seed's client sends its queries, filters in the body, as POST): it changes
   * nothing, so the server neither empties the access cache when it answers nor keeps it from reading the cache.
   */
  readOnly?: true;
  /** OpenAPI: one line on what it does, and the group it is listed under. */
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The envelope's `data` on success, or 'file' when the answer is a file (an export, an image, a sheet): the web
   * downloads it, a refusal still comes as an envelope.
   */
  response: z.ZodType | 'file';
  /** The body is multipart (an upload), read by the handler itself: no `body` schema. */
  consumes?: readonly ['multipart/form-data'];
  /**
   * Requests a minute per address on top of the global limit. `authScaled`: multiplied by AUTH_RATE_LIMIT_SCALE
   * (the limits of the calls that guess secrets).
   */
  rateLimit?: { perMinute: number; authScaled?: true };
}

/** Declares an endpoint, keeping its literal types (path, method, schemas) for the server's and web's inference. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

/** An endpoint answering a JSON envelope (what the web's `call` takes). */
export type JsonEndpoint = Endpoint & { response: z.ZodType };
/** An endpoint answering a file. */
export type FileEndpoint = Endpoint & { response: 'file' };
