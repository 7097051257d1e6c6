import type { CandidateCodingQuestion, CandidateQuestion, CandidateSection } from '@assay/domain/candidate';
import { describe, expect, it } from 'vitest';
import { answeredCount, countedAnswers, fromBody, isAnswered, restoreAnswers, toBody, unansweredBySection, type Answer } from './answers.js';

const choice = (questionId: number): CandidateQuestion => ({
  questionId,
  type: 'single_choice',
  text: 'Pick one',
  marks: 1,
  negativeMarks: 0,
  options: [
    { optionId: 0, text: 'a' },
    { optionId: 1, text: 'b' },
  ],
});
const coding = (questionId: number): CandidateCodingQuestion => ({
  questionId,
  type: 'coding',
  form: 'function',
  text: 'Sum',
  marks: 5,
  negativeMarks: 0,
  languages: ['javascript'],
  language: 'javascript',
  functionName: 'sum',
  starterCode: 'function sum(a, b) {\n}\n',
  starterCodes: { javascript: 'function sum(a, b) {\n}\n' },
  sampleTests: [],
});
const shortAnswer = (questionId: number): CandidateQuestion => ({ questionId, type: 'short_answer', text: 'Capital of France?', marks: 2, negativeMarks: 0 });
const essay = (questionId: number): CandidateQuestion => ({
  questionId,
  type: 'free_text',
  text: 'Explain your approach.',
  marks: 10,
  negativeMarks: 0,
  wordLimit: 300,
});
const section = (sectionName: string, questions: CandidateQuestion[]): CandidateSection => ({
  sectionId: 1,
  sectionName,
  sectionType: 'General Questions',
  duration: 0,
  questionCount: questions.length,
  questions,
});

const polyglot = (questionId: number): CandidateCodingQuestion => ({
  ...coding(questionId),
  language: 'python',
  languages: ['python', 'typescript'],
  starterCode: 'def sum(a, b):\n    pass\n',
  starterCodes: { python: 'def sum(a, b):\n    pass\n', typescript: 'function sum(a: number, b: number) {\n}\n' },
});

describe('answers in a language', () => {
  it("count once they are more than their own language's starter code", () => {
    expect(isAnswered(polyglot(1), { kind: 'code', code: 'def sum(a, b):\n    pass\n', language: 'python' })).toBe(false);
    expect(isAnswered(polyglot(1), { kind: 'code', code: 'function sum(a: number, b: number) {\n}\n', language: 'typescript' })).toBe(false);
    // The TypeScript starter is an answer in Python (and the other way round).
    expect(isAnswered(polyglot(1), { kind: 'code', code: 'function sum(a: number, b: number) {\n}\n', language: 'python' })).toBe(true);
    // No language: the question's first.
    expect(isAnswered(polyglot(1), { kind: 'code', code: 'def sum(a, b):\n    pass\n' })).toBe(false);
  });

  it('send and read their language', () => {
    expect(toBody({ kind: 'code', code: 'x', language: 'typescript' })).toEqual({ code: 'x', language: 'typescript' });
    expect(toBody({ kind: 'code', code: 'x' })).toEqual({ code: 'x' });
    expect(fromBody(polyglot(1), { code: 'x', language: 'python' })).toEqual({ kind: 'code', code: 'x', language: 'python' });
    expect(fromBody(polyglot(1), { code: 'x', language: 'cobol' })).toEqual({ kind: 'code', code: 'x' });
  });

  it('send and read the code left in the other languages (issue 59: drafts survive a reload)', () => {
    const answer: Answer = { kind: 'code', code: 'x', language: 'typescript', drafts: { python: 'def sum(a, b):\n    return a + b\n' } };
    expect(toBody(answer)).toEqual({ code: 'x', language: 'typescript', drafts: { python: 'def sum(a, b):\n    return a + b\n' } });
    expect(fromBody(polyglot(1), toBody(answer))).toEqual(answer);
    // No drafts, none sent; a draft in a language this page does not know, or not text, is not read.
    expect(toBody({ kind: 'code', code: 'x', language: 'python', drafts: {} })).toEqual({ code: 'x', language: 'python' });
    expect(fromBody(polyglot(1), { code: 'x', language: 'python', drafts: { cobol: 'x', typescript: 3 } })).toEqual({
      kind: 'code',
      code: 'x',
      language: 'python',
    });
  });

  it("come back from the server's copy after a reload, drafts too", () => {
    const saved = { code: 'x', language: 'typescript' as const, drafts: { python: 'pass' }, savedAt: '2026-01-01T00:00:00.000Z' };
    const { answers } = restoreAnswers([polyglot(1)], { '1': saved }, {}, null);
    expect(answers.get('1')).toEqual({ kind: 'code', code: 'x', language: 'typescript', drafts: { python: 'pass' } });
  });
});

describe('isAnswered', () => {
  it('needs a chosen option', () => {
    expect(isAnswered(choice(1), undefined)).toBe(false);
    expect(isAnswered(choice(1), { kind: 'choice', optionIds: [] })).toBe(false);
    expect(isAnswered(choice(1), { kind: 'choice', optionIds: [1] })).toBe(true);
  });

  it('needs code beyond the starter code', () => {
    expect(isAnswered(coding(2), { kind: 'code', code: '   ' })).toBe(false);
    expect(isAnswered(coding(2), { kind: 'code', code: '  function sum(a, b) {\n}  ' })).toBe(false);
    expect(isAnswered(coding(2), { kind: 'code', code: 'function sum(a, b) { return a + b; }' })).toBe(true);
  });
});

describe('toBody and fromBody', () => {
  it('round-trip both kinds', () => {
    const picked: Answer = { kind: 'choice', optionIds: [0, 1] };
    const code: Answer = { kind: 'code', code: 'x' };
    expect(toBody(picked)).toEqual({ optionIds: [0, 1] });
    expect(fromBody(choice(1), toBody(picked))).toEqual(picked);
    expect(fromBody(coding(2), toBody(code))).toEqual(code);
  });

  it('ignores a body of the other kind and ids that are not integers', () => {
    expect(fromBody(coding(2), { optionIds: [1] })).toBeUndefined();
    expect(fromBody(choice(1), { code: 'x' })).toBeUndefined();
    expect(fromBody(choice(1), { optionIds: [1, 1.5, '2', 0] })).toEqual({ kind: 'choice', optionIds: [1, 0] });
  });
});

describe('written answers', () => {
  it('count once they are more than whitespace', () => {
    expect(isAnswered(shortAnswer(4), { kind: 'text', text: '' })).toBe(false);
    expect(isAnswered(essay(5), { kind: 'text', text: ' \n\t ' })).toBe(false);
    expect(isAnswered(shortAnswer(4), { kind: 'text', text: 'Paris' })).toBe(true);
  });

  it('send their text as typed (line breaks and spaces kept) and read it back', () => {
    const text: Answer = { kind: 'text', text: '  First line.\n\nSecond line.  ' };
    expect(toBody(text)).toEqual({ text: '  First line.\n\nSecond line.  ' });
    expect(fromBody(essay(5), toBody(text))).toEqual(text);
    expect(fromBody(shortAnswer(4), { text: 'Paris' })).toEqual({ kind: 'text', text: 'Paris' });
  });

  it('ignore a body of another kind, and text for another type', () => {
    expect(fromBody(essay(5), { optionIds: [1] })).toBeUndefined();
    expect(fromBody(shortAnswer(4), { text: 42 })).toBeUndefined();
    expect(fromBody(choice(1), { text: 'Paris' })).toBeUndefined();
    expect(fromBody(coding(2), { text: 'Paris' })).toBeUndefined();
  });

  it("come back after a reload: the server's, or a newer one kept here (an essay the server refused as too long)", () => {
    const saved = { '5': { text: 'Saved earlier.', savedAt: '2025-07-14T10:05:00.000Z' } };
    const startedAt = '2025-07-14T10:00:00.000Z';
    expect(restoreAnswers([essay(5)], saved, {}, startedAt).answers.get('5')).toEqual({ kind: 'text', text: 'Saved earlier.' });
    const local = { '5': { body: { text: 'Longer, newer, refused.' }, editedAt: Date.parse('2025-07-14T10:06:00.000Z') } };
    const { answers, resend } = restoreAnswers([essay(5)], saved, local, startedAt);
    expect(answers.get('5')).toEqual({ kind: 'text', text: 'Longer, newer, refused.' });
    expect(resend).toEqual([{ questionId: '5', body: { text: 'Longer, newer, refused.' }, editedAt: Date.parse('2025-07-14T10:06:00.000Z') }]);
  });
});

describe('restoreAnswers', () => {
  const questions = [choice(1), coding(2)];
  const startedAt = '2025-07-14T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it("takes the server's answers when nothing is pending here", () => {
    const { answers, resend } = restoreAnswers(questions, { '1': { optionIds: [1], savedAt: '2025-07-14T10:05:00.000Z' } }, {}, startedAt);
    expect(answers.get('1')).toEqual({ kind: 'choice', optionIds: [1] });
    expect(answers.has('2')).toBe(false);
    expect(resend).toEqual([]);
  });

  it('prefers a newer offline edit of this attempt, and sends it again', () => {
    const local = { '2': { body: { code: 'mine' }, editedAt: at('2025-07-14T10:06:00.000Z') } };
    const saved = { '2': { code: 'older', savedAt: '2025-07-14T10:05:00.000Z' } };
    const { answers, resend } = restoreAnswers(questions, saved, local, startedAt);
    expect(answers.get('2')).toEqual({ kind: 'code', code: 'mine' });
    expect(resend).toEqual([{ questionId: '2', body: { code: 'mine' }, editedAt: at('2025-07-14T10:06:00.000Z') }]);
  });

  it("keeps the server's copy when it is newer than the offline one", () => {
    const local = { '1': { body: { optionIds: [0] }, editedAt: at('2025-07-14T10:04:00.000Z') } };
    const saved = { '1': { optionIds: [1], savedAt: '2025-07-14T10:05:00.000Z' } };
    const { answers, resend } = restoreAnswers(questions, saved, local, startedAt);
    expect(answers.get('1')).toEqual({ kind: 'choice', optionIds: [1] });
    expect(resend).toEqual([]);
  });

  it('drops an offline edit from before this attempt started (an earlier attempt, since reset)', () => {
    const local = { '1': { body: { optionIds: [0] }, editedAt: at('2025-07-14T09:59:00.000Z') } };
    const { answers, resend } = restoreAnswers(questions, {}, local, startedAt);
    expect(answers.size).toBe(0);
    expect(resend).toEqual([]);
  });

  it('drops an offline edit that does not fit the question', () => {
    const local = { '1': { body: { code: 'not a choice' }, editedAt: at('2025-07-14T10:06:00.000Z') } };
    expect(restoreAnswers(questions, {}, local, startedAt).answers.size).toBe(0);
  });
});

describe('progress', () => {
  it('counts answered questions per section and names the sections with gaps', () => {
    const sections = [section('Basics', [choice(1), choice(3)]), section('Coding', [coding(2)])];
    const answers = new Map<string, Answer>([
      ['1', { kind: 'choice', optionIds: [0] }],
      ['2', { kind: 'code', code: 'function sum(a, b) {\n}\n' }],
    ]);
    expect(sections.map((entry) => answeredCount(entry, answers))).toEqual([1, 0]);
    expect(unansweredBySection(sections, answers)).toEqual([
      { name: 'Basics', count: 1 },
      { name: 'Coding', count: 1 },
    ]);
  });

  it('never counts an answer the server refused (an essay over its word limit), though its words stay on the page', () => {
    const sections = [section('Written', [shortAnswer(4), essay(5)])];
    const answers = new Map<string, Answer>([
      ['4', { kind: 'text', text: 'Paris' }],
      ['5', { kind: 'text', text: 'far too many words' }],
    ]);
    const refused = new Map([['5', 'This answer has 320 words; this question takes at most 300.']]);
    expect(answeredCount(sections[0]!, countedAnswers(answers, refused))).toBe(1);
    expect(unansweredBySection(sections, countedAnswers(answers, refused))).toEqual([{ name: 'Written', count: 1 }]);
    expect(countedAnswers(answers, new Map())).toBe(answers);
    expect(answers.size).toBe(2);
  });
});
