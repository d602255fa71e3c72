import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BizError } from '../errors.ts';
import { Code } from '@mchweb/contract';
import { fieldText } from '../i18n/text.ts';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const wellFormed = (s: string) => !LONE_SURROGATE.test(s);

/** The path of the first string that is not well-formed UTF-16 (a lone surrogate), or null. */
function illFormedPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return wellFormed(value) ? null : path;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (!wellFormed(key)) return path;
    const found = illFormedPath(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Text no database or log can hold: a lone UTF-16 surrogate ("\ud800") is valid JSON but not valid Unicode, and
 * PostgreSQL refuses it half-way through a transaction (an audit entry's jsonb). Refused before any route runs,
 * naming the field, so the user's text never reaches a query or an error log.
 */
async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const found = illFormedPath(request.body, 'body') ?? illFormedPath(request.query, 'querystring');
    if (found) {
      throw new BizError(
        Code.INVALID,
        fieldText(
          found,
          'contains an invalid character (a lone UTF-16 surrogate)',
          '含有无效字符（不成对的 UTF-16 代理项）',
        ),
      );
    }
  });
}

export default fp(inputGuardPlugin, { name: 'input-guard', dependencies: ['access'] });
