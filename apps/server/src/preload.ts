import { createRequire } from 'node:module';

/**
 * Packages that building the app loads only when it gets to them, after the database has opened: fastify's logger
 * (pino), and @fastify/swagger's OpenAPI writer and its page's routes, which bring in YAML and a static-file
 * server. A start of the embedded database spends about 0.2 s of this machine's main thread loading them there,
 * while it had waited idle for PGlite's boot just before (issue 26). Loaded here, during that wait, building the
 * app finds them in Node's module cache. A package whose files move only loses the head start.
 */
export function preloadPackages({ apiDocs }: { apiDocs: boolean }) {
  const load = createRequire(import.meta.url);
  const packages = [
    'pino',
    '@fastify/swagger/lib/spec/openapi',
    ...(apiDocs ? ['@fastify/swagger-ui/lib/routes'] : []),
  ];
  for (const name of packages) {
    try {
      load(name);
    } catch {
      // loaded where it is first used instead
    }
  }
}
