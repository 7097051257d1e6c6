import { describe, expect, it } from 'vitest';
import { codeBlocksOf, codeToCheckOf, isWholeSolution, type CheckedQuestion } from './reply-code-blocks.js';

const sumQuestion: CheckedQuestion = { languages: ['javascript', 'python'], form: 'function', functionName: 'sum' };

describe('the code of a reply', () => {
  it('finds fenced blocks (with their word, closed or not) and indented ones', () => {
    const reply = 'Look:\n\n```Python\ndef sum(xs):\n    return 0\n```\n\nor\n\n    function sum() {}\n\nand\n~~~~\nunclosed';
    expect(codeBlocksOf(reply)).toEqual([
      { info: 'python', code: 'def sum(xs):\n    return 0' },
      { info: '', code: 'function sum() {}' },
      { info: '', code: 'unclosed' },
    ]);
    expect(codeBlocksOf('No code here, only `inline` words.')).toEqual([]);
  });

  it('runs blocks in a language the question takes that could answer it, and their join', () => {
    const blocks = [
      { info: 'js', code: 'function sum(xs) {' },
      { info: '', code: '  return 0; }' },
      { info: 'rust', code: 'fn sum() {}' },
      { info: 'py', code: 'print(1)' },
    ];
    expect(codeToCheckOf(blocks, sumQuestion, 'javascript')).toEqual([
      { language: 'javascript', code: 'function sum(xs) {' },
      { language: 'javascript', code: 'function sum(xs) {\n\n  return 0; }' },
    ]);
    // A block without a word is in the candidate's language; `sql` names the dialect the question takes.
    expect(codeToCheckOf([{ info: '', code: 'def sum(x): return 0' }], sumQuestion, 'python')).toEqual([{ language: 'python', code: 'def sum(x): return 0' }]);
    const sql: CheckedQuestion = { languages: ['postgresql'], form: 'sql', functionName: '' };
    expect(
      codeToCheckOf(
        [
          { info: 'sql', code: 'SELECT 1' },
          { info: 'sql', code: 'create table t()' },
        ],
        sql,
        'postgresql',
      ),
    ).toEqual([
      { language: 'postgresql', code: 'SELECT 1' },
      { language: 'postgresql', code: 'SELECT 1\n\ncreate table t()' },
    ]);
  });

  it('calls a program that passes more than half of the hidden tests a whole solution', () => {
    expect([isWholeSolution(2, 3), isWholeSolution(1, 2), isWholeSolution(1, 1), isWholeSolution(0, 0), isWholeSolution(3, 6)]).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
  });
});
