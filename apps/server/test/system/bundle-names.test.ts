import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blankInferredNames } from '../../scripts/inferred-names.mjs';
import { buildIfStale, ROOT } from './processes.js';

/**
 * The bundle keeps every function's and class's name (esbuild's `keepNames`) through its `__name` helper, which
 * scripts/bundle.mjs rewrites to define a name only when it differs (decision 470): the closures Fastify makes for
 * every request already have theirs, and a `defineProperty` each cost ~1 µs of a read's ~30.
 */
const SERVER_DIST = join(ROOT, 'apps/server/dist');

type NameHelper = (target: object, value: string) => object;

let helper: { name: NameHelper; defined: string[] };

beforeAll(() => {
  buildIfStale();
  const definitions = readdirSync(SERVER_DIST)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => readFileSync(join(SERVER_DIST, file), 'utf8').match(/var __name=[^;]*;/g) ?? []);
  expect(definitions).toHaveLength(1);
  // The helper as the bundle has it, with a defineProperty that says which names it had to set.
  const defined: string[] = [];
  const __defProp = (target: object, key: string, descriptor: PropertyDescriptor) => {
    defined.push(String(descriptor.value));
    return Object.defineProperty(target, key, descriptor);
  };
  helper = { name: runInNewContext(`${definitions[0]} __name`, { __defProp }) as NameHelper, defined };
}, 180_000);

describe("the bundle's name helper", () => {
  it('leaves a name that is already right as it is, with the descriptor esbuild would have given', () => {
    function next() {}
    const before = Object.getOwnPropertyDescriptor(next, 'name');
    expect(helper.name(next, 'next')).toBe(next);
    expect(Object.getOwnPropertyDescriptor(next, 'name')).toEqual(before);
    expect(before).toEqual({ value: 'next', writable: false, enumerable: false, configurable: true });
    expect(helper.defined).toEqual([]);
  });

  it('names a renamed function or class, and an anonymous one, as written', () => {
    const parse2 = () => undefined;
    class Store2 {}
    helper.name(parse2, 'parse');
    helper.name(Store2, 'Store');
    const anonymous = helper.name([() => undefined][0]!, 'answer');
    expect([parse2.name, Store2.name, (anonymous as () => void).name]).toEqual(['parse', 'Store', 'answer']);
    expect(Object.getOwnPropertyDescriptor(parse2, 'name')).toEqual({ value: 'parse', writable: false, enumerable: false, configurable: true });
    expect(helper.defined).toEqual(['parse', 'Store', 'answer']);
  });

  it('is not called inside a function where the language names the function itself (decision 623)', () => {
    const files = readdirSync(SERVER_DIST).filter((file) => file.endsWith('.js'));
    const left = files.map((file) => [file, blankInferredNames(readFileSync(join(SERVER_DIST, file), 'utf8')).blanked]);
    expect(left.filter(([, blanked]) => blanked !== 0)).toEqual([]);
    // Among them the closure our rate-limit hook makes for every request (src/rate-limits/route-limit.ts), blanked.
    const bundle = files.map((file) => readFileSync(join(SERVER_DIST, file), 'utf8')).join('\n');
    expect(bundle).toMatch(/const answer= +\(hit=>\{/);
  });
});
