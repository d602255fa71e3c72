import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { deepFreeze, encodeFrozenOnce, okFrozen } from './frozen-answer.ts';

const schema = z.object({ code: z.number(), data: z.object({ names: z.array(z.string()) }).nullable() });
/** The route serialiser, counting how often the schema's own serialiser runs. */
function counted() {
  let runs = 0;
  const compile = encodeFrozenOnce((route: { schema: unknown }) => {
    const inner = serializerCompiler({ schema: route.schema as z.ZodType, method: 'GET', url: '/x' });
    return (data: unknown) => (runs++, inner(data));
  });
  return { serialise: compile({ schema, method: 'GET', url: '/x' }), runs: () => runs };
}

describe('frozen answers', () => {
  it('a frozen answer is encoded once; an unfrozen one every time, even when it is the same object', () => {
    const { serialise, runs } = counted();
    const open = { code: 200, data: { names: ['a'] } };
    expect(serialise(open)).toBe('{"code":200,"data":{"names":["a"]}}');
    open.data.names.push('b');
    expect(serialise(open)).toBe('{"code":200,"data":{"names":["a","b"]}}');
    expect(runs()).toBe(2);
    const frozen = deepFreeze({ code: 200, data: { names: ['c'] } });
    expect(serialise(frozen)).toBe(serialise(frozen));
    expect(runs()).toBe(3);
  });

  it('deepFreeze freezes all the way down; a frozen answer still has to match its schema', () => {
    const answer = deepFreeze({ code: 200, data: { names: ['a'] } });
    expect(Object.isFrozen(answer.data.names)).toBe(true);
    expect(() => (answer.data.names as string[]).push('b')).toThrow(TypeError);
    const { serialise } = counted();
    expect(() => serialise(deepFreeze({ code: 'no', data: null }))).toThrow(/serialize|schema|response/i);
  });

  it('okFrozen gives the same envelope for the same frozen data, a new one for data that is not frozen', () => {
    const data = deepFreeze({ names: ['a'] });
    expect(okFrozen(data)).toBe(okFrozen(data));
    expect(Object.isFrozen(okFrozen(data))).toBe(true);
    const open = { names: ['a'] };
    expect(okFrozen(open)).not.toBe(okFrozen(open));
    expect(okFrozen(null)).toEqual({ status: 200, code: 200, msg: 'success', message: 'success', data: null });
  });
});
