import { queryOptions, useQuery } from '@tanstack/react-query';
import { developerKeys } from './query-keys';

/** The parts of an OpenAPI 3.0 document the reference shows. */
export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: { type?: string; enum?: string[]; pattern?: string; default?: unknown; maximum?: number };
}
export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  'x-scope': string;
  parameters: (OpenApiParameter | { $ref: string })[];
  requestBody?: { content: { 'application/json': { example?: unknown } } };
  responses: Record<string, { description: string; content?: { 'application/json': { example?: unknown } } }>;
}
export interface OpenApiDocument {
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { parameters: Record<string, OpenApiParameter> };
}

/**
 * GET /api/v1/openapi.json: the merchant API's own document (not an envelope: it is what a merchant's developer
 * downloads, so it is read here as it is, without the portal's request layer).
 */
export async function fetchApiReference(signal?: AbortSignal): Promise<OpenApiDocument> {
  const res = await fetch('/api/v1/openapi.json', { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

export const apiReferenceQuery = () =>
  queryOptions({
    queryKey: developerKeys.reference(),
    queryFn: ({ signal }) => fetchApiReference(signal),
    staleTime: Infinity,
  });
export const useApiReference = () => useQuery(apiReferenceQuery());
