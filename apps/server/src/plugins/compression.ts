import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Dynamic answers over 1 KB (JSON lists, the OpenAPI document, exports) go compressed when the browser accepts
 * it: brotli, else gzip, both at their fastest setting, as nginx compresses dynamic answers by default (gzip level
 * 1). The static files are compressed once at build time at the highest quality instead (plugins/web.ts).
 * Measured on the order list's page of 20 (7.4 KB of JSON): brotli quality 4 sent 935 bytes for about 50 µs of CPU,
 * quality 1 sends 1,116 bytes (one TCP packet either way) for about 16 µs, a third of the order list's compression
 * cost per request; a page of 100 (36.5 KB): 3,300 against 3,623 bytes, three packets either way.
 * Smaller answers are not worth the CPU.
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
}

export default fp(compressionPlugin, { name: 'compression' });
