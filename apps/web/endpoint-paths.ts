import type { Plugin } from 'vite';

const ENDPOINTS_FILE = /[\\/]packages[\\/]contract[\\/]src[\\/][\w-]+[\\/]endpoints\.ts$/;
const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'response']);

/**
 * The web needs an endpoint's method and path at run time, its schemas only for types: this drops the schemas
 * (`params`, `query`, `body`, `response`) and every import but `defineEndpoint` from the contract's
 * `<area>/endpoints.ts` as the web loads them, so a page calling an endpoint does not download zod and the area's
 * schemas (docs/web.md, "Budget"). The files are prettier-formatted: each property of a declaration starts at
 * four spaces, and module-level schema constants are one line.
 */
export function endpointPaths(): Plugin {
  return {
    name: 'mchweb-endpoint-paths',
    enforce: 'pre',
    transform(code, id) {
      if (!ENDPOINTS_FILE.test(id)) return null;
      const out: string[] = [];
      let dropping = false;
      let inImport = false;
      for (const line of code.split('\n')) {
        if (inImport || (/^import /.test(line) && !line.includes("'../endpoint.ts'"))) {
          inImport = !line.trimEnd().endsWith(';');
          continue;
        }
        const property = /^ {4}(\w+)(:|,$)/.exec(line);
        if (property) dropping = SCHEMA_KEYS.has(property[1]!);
        else if (/^ {0,2}\S/.test(line)) dropping = false;
        if (dropping) continue;
        if (/^const \w+ = z\./.test(line)) continue;
        out.push(line);
      }
      return { code: out.join('\n'), map: null };
    },
  };
}
