/** The query keys of the developer feature: the organisation's API keys and the merchant API's reference. */
export const developerKeys = {
  all: ['developer'] as const,
  keys: () => [...developerKeys.all, 'keys'] as const,
  reference: () => [...developerKeys.all, 'reference'] as const,
};
