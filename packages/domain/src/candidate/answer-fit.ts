import { ok, refuse, type Result } from '../result.js';
import type { QuestionDefinition } from '../schemas/test-definition.js';
import { answerFits, type Answer } from './scoring.js';
import { checkWordLimit } from './written-answer.js';

/** What each question type takes, said when an answer of another shape arrives (400.10). */
const shapeRefusal = (question: QuestionDefinition, answer: Answer): Result<void> => {
  switch (question.type) {
    case 'coding':
      return refuse('answer-does-not-fit', 'Send { "code": "..." } for a coding question.');
    case 'short_answer':
    case 'free_text':
      return refuse('answer-does-not-fit', `Send { "text": "..." } for a ${question.type} question.`);
    case 'single_choice':
    case 'multiple_choice':
      return answer.text === undefined
        ? refuse('answer-does-not-fit', 'Those options do not fit this question.')
        : refuse('answer-does-not-fit', 'Send { "optionIds": [ ... ] } for a choice question.');
  }
};

/**
 * Whether the candidate's answer may be saved for this question: its shape fits the question's type (400.10), and a
 * free_text answer keeps within the word limit (400.18: refused, never cut, so the candidate sees why).
 */
export const fitAnswer = (question: QuestionDefinition, answer: Answer): Result<void> => {
  if (!answerFits(question, answer)) return shapeRefusal(question, answer);
  if (question.type === 'free_text' && answer.text !== undefined) return checkWordLimit(question, answer.text);
  return ok(undefined);
};
