import { ok, refuse, type Result } from '../result.js';
import { CodingQuestion } from '../schemas/coding-question.js';
import type { CodingQuestion as CodingQuestionDefinition } from '../schemas/test-definition.js';
import type { SessionPhase } from './session-phase.js';
import type { TestContents } from './test-contents.js';

/**
 * The id the practice coding question runs under (issue 59, decision 1125): a well-formed id no stored question has
 * (ids are issued from 1 upwards and never reach 2^53 - 1), so the candidate API's run routes take it like any other.
 */
export const PRACTICE_QUESTION_ID = Number.MAX_SAFE_INTEGER;

/** The same small task in each form, so every candidate meets the editor and a run before the clock starts. */
const PRACTICE = {
  function: (languages: readonly string[]) => ({
    type: 'coding',
    form: 'function',
    text: 'Practice: return the sum of the two whole numbers `a` and `b`.',
    languages,
    functionName: 'add',
    signature: {
      params: [
        { name: 'a', type: 'int' },
        { name: 'b', type: 'int' },
      ],
      returns: 'int',
    },
    sampleTests: [
      { args: [2, 3], expected: 5 },
      { args: [-4, 10], expected: 6 },
    ],
    hiddenTests: [{ args: [1, 1], expected: 2 }],
  }),
  stdio: (languages: readonly string[]) => ({
    type: 'coding',
    form: 'stdio',
    text: 'Practice: read two whole numbers from one line of standard input and print their sum.',
    languages,
    sampleTests: [
      { input: '2 3\n', output: '5\n' },
      { input: '-4 10\n', output: '6\n' },
    ],
    hiddenTests: [{ input: '1 1\n', output: '2\n' }],
  }),
  sql: (languages: readonly string[]) => ({
    type: 'coding',
    form: 'sql',
    text: 'Practice: return the sum of every `n` in `numbers`, as one column named `total`.',
    languages,
    sql: { schema: 'CREATE TABLE numbers (n INTEGER NOT NULL);' },
    sampleTests: [{ seed: 'INSERT INTO numbers (n) VALUES (2), (3), (10);', columns: ['total'], rows: [[15]] }],
    hiddenTests: [{ seed: 'INSERT INTO numbers (n) VALUES (1);', columns: ['total'], rows: [[1]] }],
  }),
};

/**
 * The practice question of a test with coding questions: a small one in the form the test's coding questions take
 * first (a function, else a stdin/stdout program, else a query) and the languages they accept. Null without coding
 * questions: those tests keep the choice question the page has built in (decision 664).
 */
export const practiceCodingQuestion = (contents: TestContents): CodingQuestionDefinition | null => {
  const [first] = contents.coding ?? [];
  return first ? CodingQuestion.parse(PRACTICE[first.form](first.languages)) : null;
};

/**
 * Whether the practice question may run for an invitation in `phase`: only on the landing, before the clock starts;
 * after it, the practice question is no question of this test: refused exactly as an id outside the candidate's draw.
 */
export const practiceRunnable = (phase: SessionPhase, contents: TestContents): Result<CodingQuestionDefinition> => {
  const question = phase === 'landing' ? practiceCodingQuestion(contents) : null;
  return question ? ok(question) : refuse('question-not-found', `Question ${PRACTICE_QUESTION_ID} is not one of the questions of your test.`);
};
