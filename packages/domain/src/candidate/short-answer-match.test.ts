import { describe, expect, it } from 'vitest';
import type { AcceptedAnswer } from '../schemas/written-questions.js';
import { answerPatternError, parseDecimal, textForm } from './answer-text-forms.js';
import { matchesAcceptedAnswer } from './short-answer-match.js';

const accepts = (accepted: AcceptedAnswer, given: string): boolean => matchesAcceptedAnswer(accepted, given);

describe('exact', () => {
  it.each([
    ['Paris', true],
    ['  Paris\n', true],
    ['paris', false],
    ['Pa ris', false],
    ['Parisian', false],
  ])('"%s" matches "Paris": %s', (given, expected) => expect(accepts({ answer: 'Paris', match: 'exact' }, given)).toBe(expected));

  it('compares composed and decomposed accents alike', () => {
    expect(accepts({ answer: 'caf\u00e9', match: 'exact' }, 'cafe\u0301')).toBe(true);
  });
});

describe('text', () => {
  it.each([
    ['new york', true],
    ['  NEW   York ', true],
    ['New\tYork', true],
    ['ＮＥＷ ＹＯＲＫ', true],
    ['NewYork', false],
    ['New Yorks', false],
  ])('"%s" matches "New York": %s', (given, expected) => expect(accepts({ answer: 'New York', match: 'text' }, given)).toBe(expected));

  it('folds ß and SS alike, but keeps accents', () => {
    expect(textForm('STRASSE')).toBe(textForm('straße'));
    expect(accepts({ answer: 'résumé', match: 'text' }, 'RÉSUMÉ')).toBe(true);
    expect(accepts({ answer: 'résumé', match: 'text' }, 'resume')).toBe(false);
  });
});

describe('number', () => {
  it.each([
    ['42', 42],
    ['-0.5', -0.5],
    ['+.5', 0.5],
    ['3.', 3],
    [' 7 ', 7],
    ['\u22122', -2],
    ['４２', 42],
  ])('reads "%s" as %s', (text, value) => expect(parseDecimal(text)).toBe(value));

  it.each(['', 'twelve', '1e3', '1,000', '0x10', 'Infinity', 'NaN', '--1', '1.2.3', '9'.repeat(400)])('refuses "%s"', (text) => {
    expect(parseDecimal(text)).toBeUndefined();
  });

  it('takes an answer within the absolute tolerance, both sides, and no further', () => {
    const pi = { answer: '3.14', match: 'number', tolerance: 0.01 } as const;
    expect(accepts(pi, '3.15')).toBe(true);
    expect(accepts(pi, '3.13')).toBe(true);
    expect(accepts(pi, '3.16')).toBe(false);
    expect(accepts(pi, 'pi')).toBe(false);
  });

  it('without a tolerance asks for the same number, whatever its spelling, despite float error', () => {
    expect(accepts({ answer: '0.3', match: 'number' }, '0.30')).toBe(true);
    expect(accepts({ answer: String(0.1 + 0.2), match: 'number' }, '0.3')).toBe(true);
    expect(accepts({ answer: '-4', match: 'number' }, '4')).toBe(false);
  });
});

describe('pattern', () => {
  it('must match the whole trimmed answer', () => {
    const colour = { answer: 'colou?r', match: 'pattern' } as const;
    expect(accepts(colour, ' color ')).toBe(true);
    expect(accepts(colour, 'colour')).toBe(true);
    expect(accepts(colour, 'colors')).toBe(false);
    expect(accepts(colour, 'COLOR')).toBe(false);
    expect(accepts({ answer: '(?i)colou?r', match: 'pattern' }, 'COLOR')).toBe(true);
  });

  it('runs a pattern that backtracks exponentially in RegExp in linear time', () => {
    const evil = { answer: '(a+)+$', match: 'pattern' } as const;
    // With RegExp this input takes longer than the test's timeout; RE2 answers at once.
    expect(accepts(evil, `${'a'.repeat(5_000)}!`)).toBe(false);
  });

  it('names why a pattern is refused', () => {
    expect(answerPatternError('[0-9]{3}')).toBeUndefined();
    expect(answerPatternError('(?<=a)b')).toMatch(/invalid named capture|lookbehind|error parsing/);
    expect(answerPatternError('(a')).toContain('missing closing )');
  });
});
