import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { apiKey, createApiKeyBody, createdApiKey, revokeApiKeyBody } from './schemas.ts';

const tags = ['developer'];

/** The portal's side of the merchant API (/developer): an organisation's API keys. */
export const developerEndpoints = {
  keyList: defineEndpoint({
    method: 'GET',
    path: '/api/merchant/developer/key/list',
    access: 'developer:manage',
    tags,
    summary: "The organisation's API keys, newest first, revoked ones included (never a secret)",
    query: z.strictObject({}),
    response: z.array(apiKey),
  }),
  keyCreate: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/developer/key/create',
    access: 'developer:manage',
    tags,
    summary: 'Create an API key for some merchants and scopes; the answer holds its secret, shown this once',
    body: createApiKeyBody,
    response: createdApiKey,
  }),
  keyRevoke: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/developer/key/revoke',
    access: 'developer:manage',
    tags,
    summary: 'Revoke an API key: every later call with it is refused (401)',
    body: revokeApiKeyBody,
    response: apiKey,
  }),
};
