import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.ts';

const schemas: [string, z.ZodType][] = [];
for (const [name, value] of Object.entries(contract) as [string, unknown][]) {
  if (value instanceof z.ZodType) schemas.push([name, value]);
}
const requests = schemas.filter(([name]) => /(Body|Query|Params)$/.test(name));

describe('every schema of the contract', () => {
  it('converts to JSON Schema both ways, as the server does for its OpenAPI document', () => {
    expect(schemas.length).toBeGreaterThan(50);
    for (const [name, schema] of schemas) {
      for (const io of ['input', 'output'] as const) {
        expect(() => z.toJSONSchema(schema, { io, unrepresentable: 'any' }), `${name} (${io})`).not.toThrow();
      }
    }
  });
  it('refuses unknown fields in every request body, query and params', () => {
    expect(requests.length).toBeGreaterThan(20);
    for (const [name, schema] of requests) {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
        additionalProperties?: unknown;
        oneOf?: { additionalProperties?: unknown }[];
        anyOf?: { additionalProperties?: unknown }[];
      };
      // A body that is one of several shapes (a payee account by type) refuses unknown fields in every shape.
      const shapes = json.oneOf ?? json.anyOf ?? [json];
      for (const shape of shapes) expect(shape.additionalProperties, name).toBe(false);
    }
  });
});
