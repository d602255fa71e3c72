/** The query keys of the webhook feature: a mutation invalidates exactly what the queries cached. */
export const webhookKeys = {
  all: ['webhook'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: number) => [...webhookKeys.all, 'deliveries', endpointId] as const,
};
