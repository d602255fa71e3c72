import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Dynamic answers over 1 KB (JSON lists, the OpenAPI document, exports) go compressed when the browser accepts
 * it: brotli at a low quality (fast enough per request; the static files are compressed once at build time
 * instead, see plugins/web.ts), else gzip. Smaller answers are not worth the CPU.
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

export default fp(compressionPlugin, { name: 'compression' });
