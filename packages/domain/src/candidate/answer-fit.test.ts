import { describe, expect, it } from 'vitest';
import { QuestionDefinition } from '../schemas/test-definition.js';
import { fitAnswer } from './answer-fit.js';

const choice = QuestionDefinition.parse({ type: 'single_choice', text: 'Pick', options: [{ text: 'a', correct: true }, { text: 'b' }] });
const coding = QuestionDefinition.parse({ type: 'coding', text: 'Add', functionName: 'add', hiddenTests: [{ args: [1], expected: 1 }] });
const short = QuestionDefinition.parse({ type: 'short_answer', text: 'Q', acceptedAnswers: [{ answer: 'a' }] });
const essay = QuestionDefinition.parse({ type: 'free_text', text: 'Q', wordLimit: 2 });

describe('fitAnswer', () => {
  it('takes text for written questions, within the word limit', () => {
    expect(fitAnswer(short, { text: 'a b c d' }).err).toBeUndefined();
    expect(fitAnswer(essay, { text: 'two words' }).err).toBeUndefined();
    expect(fitAnswer(essay, { text: 'three words now' }).err?.kind).toBe('answer-over-word-limit');
  });

  it.each([
    ['options for a short_answer', short, { optionIds: [0] }, 'Send { "text": "..." } for a short_answer question.'],
    ['code for a free_text', essay, { code: 'x' }, 'Send { "text": "..." } for a free_text question.'],
    ['text for a choice question', choice, { text: 'a' }, 'Send { "optionIds": [ ... ] } for a choice question.'],
    ['text for a coding question', coding, { text: 'a' }, 'Send { "code": "..." } for a coding question.'],
    ['options that do not exist (as before)', choice, { optionIds: [7] }, 'Those options do not fit this question.'],
    ['options for a coding question (as before)', coding, { optionIds: [0] }, 'Send { "code": "..." } for a coding question.'],
  ])('refuses %s with 400.10', (_, question, answer, message) => {
    expect(fitAnswer(question, answer).err).toEqual({ kind: 'answer-does-not-fit', message });
  });
});
