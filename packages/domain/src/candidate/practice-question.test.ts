import { describe, expect, it } from 'vitest';
import { PRACTICE_QUESTION_ID, practiceCodingQuestion, practiceRunnable } from './practice-question.js';

describe('the practice coding question (practice-question.ts)', () => {
  it('takes the form and languages of the test: a function first, else a stdin/stdout program, else a query', () => {
    const fn = practiceCodingQuestion({
      choice: true,
      written: false,
      coding: [
        { form: 'function', languages: ['java', 'cpp'] },
        { form: 'sql', languages: ['sqlite'] },
      ],
    });
    expect(fn).toMatchObject({ type: 'coding', form: 'function', languages: ['java', 'cpp'], functionName: 'add' });
    // Stubs from the signature, as for an authored question.
    expect(fn?.starterCode.java).toContain('add(');
    expect(practiceCodingQuestion({ choice: false, written: false, coding: [{ form: 'stdio', languages: ['cpp'] }] })).toMatchObject({
      form: 'stdio',
      languages: ['cpp'],
    });
    expect(practiceCodingQuestion({ choice: false, written: false, coding: [{ form: 'sql', languages: ['postgresql'] }] })).toMatchObject({
      form: 'sql',
      languages: ['postgresql'],
    });
  });

  it('none on a test without coding questions: the choice practice stays', () => {
    expect(practiceCodingQuestion({ choice: true, written: true, coding: null })).toBeNull();
  });

  it('runs only on the landing; after it, refused as a question not in the test', () => {
    const contents = { choice: false, written: false, coding: [{ form: 'function' as const, languages: ['python' as const] }] };
    expect(practiceRunnable('landing', contents).val).toMatchObject({ functionName: 'add' });
    for (const phase of ['attempt', 'finished', 'cancelled'] as const) {
      expect(practiceRunnable(phase, contents).err).toMatchObject({ kind: 'question-not-found' });
    }
    expect(practiceRunnable('landing', { choice: true, written: false, coding: null }).err).toMatchObject({ kind: 'question-not-found' });
    expect(Number.isSafeInteger(PRACTICE_QUESTION_ID)).toBe(true);
  });
});
