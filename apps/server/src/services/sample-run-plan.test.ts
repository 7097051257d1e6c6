import { CodingQuestion } from '@assay/domain';
import { LanguageId, type LanguageAvailabilities } from '@assay/domain/languages';
import { describe, expect, it } from 'vitest';
import { planSampleRun, type RunnableHere } from './sample-run-plan.js';

// The decisions both run routes share (decision 1302): which language, which input, whether this server may run it,
// whether it warms the sandbox and counts as a run of the samples. Real question schemas, no sandbox needed.

const question = CodingQuestion.parse({
  type: 'coding',
  text: 'Add two numbers',
  marks: 5,
  functionName: 'add',
  languages: ['python', 'javascript'],
  sampleTests: [{ args: [1, 2], expected: 3 }],
  hiddenTests: [{ args: [2, 2], expected: 4 }],
});

const everyLanguage = (available: (language: LanguageId) => boolean): LanguageAvailabilities =>
  Object.fromEntries(
    LanguageId.options.map((language) => [
      language,
      available(language) ? { available: true } : { available: false, reason: 'not in ASSAY_LANGUAGES', remedy: 'add it' },
    ]),
  ) as LanguageAvailabilities;

const here: RunnableHere = { languages: everyLanguage(() => true), prewarm: ['python'] };

describe('planSampleRun', () => {
  it("runs the samples in the question's first language when none is asked, counted and warming the sandbox", () => {
    const plan = planSampleRun(question, { code: 'def add(a, b): return a + b' }, here);
    expect(plan.err).toBeUndefined();
    expect(plan.val).toMatchObject({ language: 'python', custom: undefined, countsAsSampleRun: true, warmsUp: true });
    expect(plan.val!.request.language).toBe('python');
  });

  it('runs in the language asked, which warms nothing when it is not prewarmed', () => {
    const plan = planSampleRun(question, { code: 'const add = (a, b) => a + b;', language: 'javascript' }, here);
    expect(plan.val).toMatchObject({ language: 'javascript', countsAsSampleRun: true, warmsUp: false });
  });

  it("runs the candidate's own arguments without counting a run of the samples", () => {
    const plan = planSampleRun(question, { code: 'def add(a, b): return a + b', customArgs: [40, 2] }, here);
    expect(plan.val).toMatchObject({ custom: { args: [40, 2] }, countsAsSampleRun: false });
  });

  it('refuses a language the question does not accept, and stdin for a function question (400.2)', () => {
    expect(planSampleRun(question, { code: 'x', language: 'java' }, here).err?.kind).toBe('invalid-field');
    expect(planSampleRun(question, { code: 'x', customInput: '1 2\n' }, here).err?.kind).toBe('invalid-field');
  });

  it('refuses a language this server cannot run now (409.5), after the question accepted it', () => {
    const noPython: RunnableHere = { languages: everyLanguage((language) => language !== 'python'), prewarm: [] };
    expect(planSampleRun(question, { code: 'x' }, noPython).err?.kind).toBe('language-not-runnable');
    expect(planSampleRun(question, { code: 'x', language: 'javascript' }, noPython).err).toBeUndefined();
  });
});
