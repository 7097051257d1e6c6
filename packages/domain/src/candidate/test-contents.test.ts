import { describe, expect, it } from 'vitest';
import { QuestionDefinition } from '../schemas/test-definition.js';
import { testContentsOf } from './test-contents.js';

const choice = QuestionDefinition.parse({
  type: 'single_choice',
  text: 'Pick',
  marks: 1,
  options: [
    { text: 'a', correct: true },
    { text: 'b', correct: false },
  ],
});
const essay = QuestionDefinition.parse({ type: 'free_text', text: 'Explain', marks: 1 });
const stdio = QuestionDefinition.parse({
  type: 'coding',
  form: 'stdio',
  text: 'Echo',
  marks: 1,
  languages: ['cpp', 'java'],
  hiddenTests: [{ input: '1\n', output: '1\n' }],
});
const sql = QuestionDefinition.parse({
  type: 'coding',
  form: 'sql',
  text: 'Count',
  marks: 1,
  languages: ['postgresql'],
  sql: { schema: 'CREATE TABLE t (a INT);' },
  hiddenTests: [{ seed: '', columns: ['n'], rows: [[0]] }],
});

describe('what a test asks, told before the start (test-contents.ts)', () => {
  it('the kinds of question, and the coding forms and languages in a fixed order', () => {
    expect(testContentsOf([sql, choice, stdio])).toEqual({
      choice: true,
      written: false,
      coding: [
        { form: 'stdio', languages: ['java', 'cpp'] },
        { form: 'sql', languages: ['postgresql'] },
      ],
    });
  });

  it('no coding questions: coding is null', () => {
    expect(testContentsOf([choice, essay])).toEqual({ choice: true, written: true, coding: null });
  });
});
