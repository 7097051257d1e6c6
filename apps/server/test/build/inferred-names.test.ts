import { runInNewContext } from 'node:vm';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { blankInferredNames } from '../../scripts/inferred-names.mjs';

/**
 * The bundle script blanks esbuild's `__name` calls inside functions where the language names the function itself
 * (decision 623). Each shape esbuild names is built here by esbuild itself with `keepNames`, as the bundle is, and run
 * both ways: the names must not change, nor the positions (the source maps).
 */
const SHAPES = `
function shapes() {
  const arrow = () => 1;
  let assigned;
  assigned = async () => 2;
  const object = { property: () => 3, 'quoted-key': function () {}, method() {} };
  function declared() {}
  class Inner { field = () => 4; static made = () => 5; }
  const withDefault = (given = () => 6) => given;
  const ownName = function own() {};
  const classExpression = class {};
  const named = class Named {};
  return [arrow, assigned, object.property, object['quoted-key'], object.method, declared, Inner, new Inner().field,
    Inner.made, withDefault(), ownName, classExpression, named];
}
result = shapes().map((made) => made.name);
`;

const namesOf = (code: string): string[] => {
  const context: { result?: string[] } = {};
  runInNewContext(code, context);
  return context.result ?? [];
};

describe('blanking the names the language gives anyway', () => {
  const bundled = transformSync(SHAPES, { keepNames: true, target: 'node20' }).code;
  const { code, blanked } = blankInferredNames(bundled);

  it('names every shape as keepNames did, with the calls inside the function gone', () => {
    expect(namesOf(bundled)).toEqual([
      'arrow',
      'assigned',
      'property',
      'quoted-key',
      'method',
      'declared',
      'Inner',
      'field',
      'made',
      'given',
      'own',
      'classExpression',
      'Named',
    ]);
    expect(namesOf(code)).toEqual(namesOf(bundled));
    expect(blanked).toBeGreaterThanOrEqual(8);
    // Left: the top-level call naming `shapes` and the classes' static blocks (a class's name is never left to chance).
    expect(code.match(/__name\(/g)?.length ?? 0).toBeLessThan(bundled.match(/__name\(/g)?.length ?? 0);
  });

  it('keeps every position and line break (the source maps)', () => {
    expect(code).toHaveLength(bundled.length);
    expect([...code.matchAll(/\n/g)].map((match) => match.index)).toEqual([...bundled.matchAll(/\n/g)].map((match) => match.index));
  });

  it("keeps the top-level calls and a class whose name would change; inside functions the bundle's renames stand", () => {
    const helper = 'var __name = (target, value) => Object.defineProperty(target, "name", { value, configurable: true });';
    const renamed = `${helper}
const top2 = __name(() => 1, "top");
function outer() {
  const check2 = __name(() => 1, "check");
  function parse2() {}
  __name(parse2, "parse");
  const Parser2 = __name(class {}, "Parser");
  return [check2, parse2, Parser2];
}
result = [top2, ...outer()].map((made) => made.name);`;
    const { code, blanked } = blankInferredNames(renamed);
    expect(blanked).toBe(2);
    expect(namesOf(renamed)).toEqual(['top', 'check', 'parse', 'Parser']);
    expect(namesOf(code)).toEqual(['top', 'check2', 'parse2', 'Parser']);
  });
});
