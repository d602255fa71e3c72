import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  webhookDeliveriesQuery,
  webhookDeliveryPage,
  webhookEndpoint,
  webhookEndpointCreateBody,
  webhookEndpointIdBody,
  webhookEndpointUpdateBody,
  webhookResendBody,
  webhookSecret,
  webhookTestBody,
} from './schemas.ts';

const tags = ['webhook'];

/** The Webhooks tab of /developer. */
export const webhookEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/merchant/developer/webhook/endpoints',
    access: 'developer:manage',
    tags,
    summary: "The organisation's webhook endpoints",
    query: z.strictObject({}),
    response: z.array(webhookEndpoint),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/developer/webhook/endpoints/create',
    access: 'developer:manage',
    tags,
    summary: 'Add an endpoint (its secret is made here)',
    body: webhookEndpointCreateBody,
    response: webhookEndpoint,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/developer/webhook/endpoints/update',
    access: 'developer:manage',
    tags,
    summary: "Change an endpoint's URL, description, event types, or turn it on or off",
    body: webhookEndpointUpdateBody,
    response: webhookEndpoint,
  }),
  secret: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/developer/webhook/endpoints/secret',
    access: 'developer:manage',
    tags,
    summary: "An endpoint's signing secret",
    body: webhookEndpointIdBody,
    response: webhookSecret,
  }),
  rotate: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/developer/webhook/endpoints/rotate',
    access: 'developer:manage',
    tags,
    summary: 'A new signing secret; the old one keeps signing for 24 hours',
    body: webhookEndpointIdBody,
    response: webhookSecret,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/developer/webhook/endpoints/test',
    access: 'developer:manage',
    tags,
    summary: 'Send an example event of a type to one endpoint',
    body: webhookTestBody,
    response: z.object({ msgId: z.string() }),
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/api/merchant/developer/webhook/deliveries',
    access: 'developer:manage',
    tags,
    summary: "An endpoint's deliveries, newest first, with every try",
    query: webhookDeliveriesQuery,
    response: webhookDeliveryPage,
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/developer/webhook/deliveries/resend',
    access: 'developer:manage',
    tags,
    summary: 'Send a delivery once more, now',
    body: webhookResendBody,
    response: z.object({ deliveryId: z.number().int() }),
  }),
};
