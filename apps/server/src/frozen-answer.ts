import type { FastifySerializerCompiler } from 'fastify';
import type { Envelope } from '@mchweb/contract';
import { ok } from './errors.ts';

/**
 * Answers a handler hands out again and again, encoded once. getCurrentUser builds its answer from cached
 * lookups only, so while they last it returns the very same deep-frozen object; checking that against the
 * response schema and stringifying it on every call was a fifth of the request's time. Frozen means it cannot
 * have changed since it was encoded; an answer that is not frozen is encoded every time, as before.
 */

/** Freeze a plain answer (objects and arrays) all the way down, and return it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const envelopes = new WeakMap<object, Envelope<unknown>>();

/** `ok(data)`, the same frozen envelope for the same frozen data (so the serialiser below can reuse its text). */
export function okFrozen<T>(data: T): Envelope<T> {
  if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return ok(data);
  let answer = envelopes.get(data) as Envelope<T> | undefined;
  if (!answer) envelopes.set(data, (answer = Object.freeze(ok(data))));
  return answer;
}

/** Wraps a serialiser compiler: a frozen answer is encoded by the route's serialiser once, then reused. */
export function encodeFrozenOnce<S>(compile: FastifySerializerCompiler<S>): FastifySerializerCompiler<S> {
  return (route) => {
    const serialise = compile(route);
    const encoded = new WeakMap<object, string>();
    return (data: unknown) => {
      if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialise(data);
      let json = encoded.get(data);
      if (json === undefined) encoded.set(data, (json = serialise(data)));
      return json;
    };
  };
}
