import { describe, expect, it } from 'vitest';
import { aiCheckResultOf, type AiCheck } from '@assay/domain/ai';
import { aiCheckText } from './ai-check.js';

const check: AiCheck = {
  checkId: 4,
  testId: 9,
  state: 'done',
  model: 'qwen2.5-coder:7b',
  startedAt: '2026-11-27T10:00:00.000Z',
  finishedAt: '2026-11-27T10:02:00.000Z',
  questionsChecked: 2,
  questionsTotal: 2,
  problem: null,
  questions: [
    aiCheckResultOf({
      questionId: 11,
      version: '0123456789abcdef',
      type: 'coding',
      status: 'checked',
      reason: null,
      scoring: 'tests',
      languages: [
        { language: 'python', tries: 3, solved: 2 },
        { language: 'java', tries: 3, solved: 1 },
      ],
      tries: 6,
      solved: null,
    }),
    aiCheckResultOf({
      questionId: 12,
      version: 'fedcba9876543210',
      type: 'short_answer',
      status: 'not-checked',
      reason: 'the model timed out',
      scoring: 'matcher',
      languages: [],
      tries: 0,
      solved: null,
    }),
  ],
};

describe('assay tests ai-check prints', () => {
  it('each question version with its sentence, a solved one marked', () => {
    const text = aiCheckText(check);
    expect(text).toMatch(/Check: +4 of test 9, done/);
    expect(text).toMatch(/Model: +qwen2\.5-coder:7b/);
    expect(text).toMatch(/\* +11 +coding +0123456789abcdef +solved 2 of 3 in Python, 1 of 3 in Java/);
    expect(text).toMatch(/\n +12 +short_answer +fedcba9876543210 +not checked: the model timed out/);
    expect(text).toContain('* the model solved it at least once');
  });
});
