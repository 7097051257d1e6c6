import { describe, expect, it } from 'vitest';
import type { CandidateQuestion } from './candidate-api-questions.js';
import type { CandidateSession } from './candidate-api-session.js';
import { asksFor } from './session-languages.js';

const sessionWith = (questions: Partial<CandidateQuestion>[] | undefined): CandidateSession =>
  ({
    test: {
      sections: [{ sectionId: 1, sectionName: 'S', sectionType: 'Coding Questions', duration: 10, questionCount: questions?.length ?? 0, questions }],
    },
  }) as unknown as CandidateSession;

describe('asksFor', () => {
  it('is true when a coding question accepts the language', () => {
    expect(
      asksFor(
        sessionWith([
          { type: 'coding', languages: ['javascript'] },
          { type: 'coding', languages: ['python', 'typescript'] },
        ]),
        'python',
      ),
    ).toBe(true);
  });

  it('is false for other languages, choice questions and sessions without questions (before the start)', () => {
    expect(asksFor(sessionWith([{ type: 'coding', languages: ['javascript'] }, { type: 'single_choice' }]), 'python')).toBe(false);
    expect(asksFor(sessionWith(undefined), 'python')).toBe(false);
  });
});
