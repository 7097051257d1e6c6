import type { CandidateSession } from '@assay/domain/candidate';
import { describe, expect, it } from 'vitest';
import { landingConditions, landingRules } from './landing-rules.js';

/** A landing session of a one-section coding test; `extra` changes what a case is about. */
const session = (extra: Partial<CandidateSession> = {}, contents?: CandidateSession['test']['contents']): CandidateSession => ({
  state: 'Pending',
  candidate: { fullName: 'Ada', emailId: 'ada@example.com' },
  test: {
    testName: 'Screen',
    description: '',
    duration: 30,
    extraTimePercent: 0,
    questions: 2,
    negativeMarking: false,
    sections: [{ sectionId: 1, sectionName: 'Code', sectionType: 'Coding Questions', duration: 30, questionCount: 2 }],
    ...(contents ? { contents } : {}),
  },
  access: { verdict: 'open', message: null, testAccessTime: null, timeZone: { timeZoneId: 1, iana: 'UTC', name: 'UTC' } },
  imageProctoring: false,
  startedAt: null,
  deadline: null,
  serverTime: '2026-01-01T00:00:00.000Z',
  answers: {},
  redirectURL: null,
  sampleRunLimit: { runs: 30, windowMs: 300_000 },
  ...extra,
});

const rules = (windowViolationLimit: number | null, copyPasteAllowed: boolean, imageViolationLimit: number | null = null) => ({
  violationRules: { windowViolationLimit, imageViolationLimit, copyPasteAllowed, violationPopup: false },
});

describe('the landing rules describe this test (issue 59)', () => {
  it('a Java and C++ stdin test and an SQL question: their forms and languages, never "a function… in JavaScript, TypeScript or Python"', () => {
    const listed = landingRules(
      session(
        {},
        {
          choice: false,
          written: false,
          coding: [
            { form: 'stdio', languages: ['java', 'cpp'] },
            { form: 'sql', languages: ['sqlite'] },
          ],
        },
      ),
    );
    expect(listed).toContain('This test has coding questions.');
    expect(listed).toContain(
      'In coding questions you write a program that reads its input from standard input and prints its answer in Java or C++, or one query in SQL (SQLite). Where a question accepts several languages, you choose one. You can run the sample tests up to 30 times in 5 minutes.',
    );
    expect(listed.join(' ')).not.toMatch(/JavaScript|TypeScript|Python/);
  });

  it('the kinds of question a mixed test has', () => {
    const listed = landingRules(session({}, { choice: true, written: true, coding: [{ form: 'function', languages: ['python'] }] }));
    expect(listed).toContain('This test has questions where you choose from options, questions you answer in your own words and coding questions.');
    expect(listed).toContain('In coding questions you write a function in Python. You can run the sample tests up to 30 times in 5 minutes.');
  });

  it('a server that sends no contents: the coding rule names no language', () => {
    const listed = landingRules(session());
    expect(listed).toContain(
      'In coding questions you write code in the language the question names, and can run the sample tests up to 30 times in 5 minutes.',
    );
  });

  it('copy and paste off, and the window limit, are said before the clock starts', () => {
    expect(landingConditions(session(rules(3, false)))).toEqual([
      'Copy and paste are turned off for this test: type your answers yourself. Attempts to paste are recorded (their size, never their text).',
      'Leaving the test tab or window more than 3 times ends your test.',
    ]);
    expect(landingConditions(session(rules(0, true)))).toEqual(['Leaving the test tab or window even once ends your test.']);
    expect(landingConditions(session(rules(null, true)))).toEqual([]);
    expect(landingRules(session(rules(2, true)))).toContain('Leaving the test tab or window more than twice ends your test.');
  });

  it('the camera limit only on a test that uses the camera', () => {
    expect(landingConditions(session({ ...rules(null, true, 1), imageProctoring: true }))).toEqual([
      'If your camera shows nothing or is turned off more than once, your test ends.',
    ]);
    expect(landingConditions(session(rules(null, true, 1)))).toEqual([]);
  });
});

describe('the landing rules of a preview link (issue 62 item 3, decision 1492)', () => {
  it('say nothing is kept instead of what is saved and recorded', () => {
    const candidate = landingRules(session());
    const preview = landingRules(session({ preview: true }));
    expect(candidate).toContain('Stay on this page: leaving the tab or the window is recorded.');
    expect(preview.some((rule) => /recorded/.test(rule))).toBe(false);
    expect(preview).toContain(
      'This is a preview: your answers, runs and departures from the page are kept nowhere, and the test starts over when the page is loaded again.',
    );
    expect(preview.some((rule) => rule.startsWith('Your answers are saved automatically'))).toBe(false);
  });
});
