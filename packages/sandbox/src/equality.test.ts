import { describe, expect, it } from 'vitest';
import { deepEqual } from './equality.js';

describe('deepEqual', () => {
  it('compares primitives strictly', () => {
    expect(deepEqual(1, 1)).toBe(true);
    expect(deepEqual('1', 1)).toBe(false);
    expect(deepEqual(true, true)).toBe(true);
    expect(deepEqual(null, null)).toBe(true);
    expect(deepEqual(0, -0)).toBe(true);
  });

  it('treats undefined as equal only to undefined', () => {
    expect(deepEqual(undefined, undefined)).toBe(true);
    expect(deepEqual(undefined, null)).toBe(false);
    expect(deepEqual(null, undefined)).toBe(false);
    expect(deepEqual(undefined, 0)).toBe(false);
    expect(deepEqual({ a: undefined }, {})).toBe(false);
  });

  it('treats NaN as equal to NaN and to nothing else', () => {
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true);
    expect(deepEqual(Number.NaN, null)).toBe(false);
    expect(deepEqual(null, Number.NaN)).toBe(false);
  });

  it('ignores key order of objects', () => {
    expect(deepEqual({ a: 1, b: { c: [1, 2], d: 'x' } }, { b: { d: 'x', c: [1, 2] }, a: 1 })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(deepEqual({ a: 1 }, { b: 1 })).toBe(false);
  });

  it('respects the order and length of arrays', () => {
    expect(deepEqual([1, [2, 3]], [1, [2, 3]])).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual([1, 2], [1, 2, 3])).toBe(false);
  });

  it('does not confuse arrays with objects', () => {
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual({ 0: 'a', length: 1 }, ['a'])).toBe(false);
  });
});
