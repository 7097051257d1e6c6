import { describe, expect, it } from 'vitest';
import { CompileErrors, compileErrorsOf, MAX_COMPILE_ERRORS } from './compile-errors.js';

describe('compileErrorsOf', () => {
  it('keeps every error in order, with the positions the compiler gave and none it did not', () => {
    expect(
      compileErrorsOf([
        { message: "';' expected", line: 3, column: 14 },
        { message: 'cannot find symbol', line: 7 },
        { message: 'the program did not compile' },
        { message: 'mcs: no position', line: -1, column: -1 },
        { message: 'a column without a line', column: 4 },
      ]),
    ).toEqual([
      { message: "';' expected", line: 3, column: 14 },
      { message: 'cannot find symbol', line: 7 },
      { message: 'the program did not compile' },
      { message: 'mcs: no position' },
      { message: 'a column without a line' },
    ]);
  });

  it('keeps the first MAX_COMPILE_ERRORS, which the schema takes', () => {
    const many = Array.from({ length: 300 }, (_, index) => ({ message: `error ${index + 1}`, line: index + 1, column: 1 }));
    const kept = compileErrorsOf(many);
    expect(kept).toHaveLength(MAX_COMPILE_ERRORS);
    expect(kept[0]?.message).toBe('error 1');
    expect(CompileErrors.safeParse(kept).success).toBe(true);
    expect(CompileErrors.safeParse(many).success).toBe(false);
  });
});
