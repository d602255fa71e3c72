import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@mchweb/contract';
import type { Endpoint } from '@mchweb/contract';
import { createTestApp, type TestApp } from './harness.ts';

/** Every `<area>Endpoints` table the contract exports, as [area.name, declaration]. */
const declared: [string, Endpoint][] = Object.entries(contract)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([area, table]) =>
    Object.entries(table as Record<string, Endpoint>).map(([name, e]): [string, Endpoint] => [`${area}.${name}`, e]),
  );

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('the endpoints declared in the contract', () => {
  it('are many, each path declared once', () => {
    expect(declared.length).toBeGreaterThan(80);
    const keys = declared.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(declared)('%s is a route of the server (a sandbox one while the sandbox is on)', (_, e) => {
    expect(t.app.hasRoute({ method: e.method, url: e.path })).toBe(true);
  });
});
