import { describe, expect, it } from 'vitest';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, UNISSUED_ID } from '@assay/domain';
import { compileValidator } from './id-params.js';

type Route = Parameters<typeof compileValidator>[0];
const route = (schema: unknown, httpPart = 'params'): Route => ({ schema, httpPart, method: 'GET', url: '/x/:testId' }) as Route;
const outcome = (result: unknown) => {
  const { value, error } = result as { value?: unknown; error?: Error & { validation?: unknown } };
  return error ? { error: { message: error.message, validation: error.validation } } : { value };
};

const ids = z.object({ testId: IdParam, testLinkId: IdParam });
const inputs: unknown[] = [
  { testId: '1', testLinkId: '2' },
  { testLinkId: '7', testId: '42' },
  { testId: '9007199254740991', testLinkId: '9007199254740992' },
  { testId: '9223372036854775807', testLinkId: '1' },
  { testId: '9223372036854775808', testLinkId: '1' },
  { testId: '0', testLinkId: '1' },
  { testId: '007', testLinkId: '1' },
  { testId: '', testLinkId: '1' },
  { testId: '1', testLinkId: 'abc' },
  { testId: '1' },
  { testId: '1', testLinkId: '2', extra: 'x' },
  { testId: 1, testLinkId: '2' },
  {},
];

describe('compileValidator', () => {
  it('answers a path of ids exactly as zod does: the values read, or the same 400 error', () => {
    const ours = compileValidator(route(ids));
    const zods = validatorCompiler(route(ids) as Parameters<typeof validatorCompiler>[0]);
    for (const input of inputs) expect(outcome(ours(input)), JSON.stringify(input)).toEqual(outcome(zods(input)));
    expect(outcome(ours({ testId: '9007199254740992', testLinkId: '3' }))).toEqual({ value: { testId: UNISSUED_ID, testLinkId: 3 } });
  });

  it('reads the ids of a path without zod, and leaves every other schema to zod', () => {
    const ours = compileValidator(route(ids));
    expect(ours({ testLinkId: '7', testId: '42', extra: 'x' })).toEqual({ value: { testId: 42, testLinkId: 7 } });
    // Not ids only, or not the path: zod's own validator, the same function for every input.
    const mixed = z.object({ testId: IdParam, name: z.string() });
    expect(outcome(compileValidator(route(mixed))({ testId: '1', name: 'n' }))).toEqual({ value: { testId: 1, name: 'n' } });
    expect(outcome(compileValidator(route(ids, 'querystring'))({ testId: '007', testLinkId: '1' })).error).toBeDefined();
  });
});
