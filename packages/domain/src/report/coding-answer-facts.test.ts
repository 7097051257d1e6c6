import { describe, expect, it } from 'vitest';
import type { Answer } from '../candidate/scoring.js';
import { QuestionDefinition } from '../schemas/test-definition.js';
import { attemptCodingFacts, codingAnswerFacts } from './coding-answer-facts.js';

const STARTER = 'def solve(x):\n    pass\n';
const [choice, polyglot, single, essay] = [
  { type: 'single_choice', text: 'Pick', marks: 1, options: [{ text: 'a', correct: true }, { text: 'b' }] },
  {
    type: 'coding',
    text: 'Solve it',
    marks: 10,
    languages: ['python', 'javascript'],
    functionName: 'solve',
    starterCode: { python: STARTER },
    hiddenTests: [{ args: [1], expected: 1 }],
  },
  { type: 'coding', text: 'Again', marks: 5, language: 'javascript', functionName: 'again', hiddenTests: [{ args: [1], expected: 1 }] },
  { type: 'free_text', text: 'Explain', marks: 5 },
].map((question) => QuestionDefinition.parse(question));
const questions = [choice!, polyglot!, single!, essay!].map((definition, index) => ({ questionId: index + 1, definition }));

describe('attemptCodingFacts', () => {
  it('gives every coding question’s facts in question order, by the same rule as codingAnswerFacts, and nothing of other questions', () => {
    const answers = new Map<number, Answer>([
      [1, { optionIds: [1] }],
      [2, { code: `  ${STARTER}`, language: 'python' }],
      [3, { code: 'function again(x) { return x; }' }],
      [4, { text: 'Because.' }],
    ]);
    expect(attemptCodingFacts(questions, answers)).toEqual([
      { questionId: 2, language: 'python', answered: false },
      { questionId: 3, language: 'javascript', answered: true },
    ]);
    for (const facts of attemptCodingFacts(questions, answers)) {
      const question = questions[facts.questionId - 1]!.definition;
      if (question.type === 'coding') expect(facts).toMatchObject(codingAnswerFacts(question, answers.get(facts.questionId)));
    }
  });

  it('counts a coding question left out as not answered, in its first language; a test without coding gives none', () => {
    expect(attemptCodingFacts(questions, new Map())).toEqual([
      { questionId: 2, language: 'python', answered: false },
      { questionId: 3, language: 'javascript', answered: false },
    ]);
    expect(attemptCodingFacts([questions[0]!, questions[3]!], new Map())).toEqual([]);
  });
});
