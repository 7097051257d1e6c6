import { type AiCheck, aiCheckResultOf } from '@assay/domain/ai';
import { describe, expect, it } from 'vitest';
import { aiCheckLines } from './ai-check-lines.js';
import { aiCheckPanelReducer, initialAiCheckPanel } from './ai-check-panel.js';

const coding = (questionId: number, solved: number) =>
  aiCheckResultOf({
    questionId,
    version: `v${questionId}`,
    type: 'coding',
    status: 'checked',
    reason: null,
    scoring: 'tests',
    languages: [{ language: 'python', tries: 3, solved }],
    tries: 3,
    solved: null,
  });

const running: AiCheck = {
  checkId: 3,
  testId: 9,
  state: 'running',
  model: 'qwen2.5-coder:7b',
  startedAt: '2026-11-28T09:00:00.000Z',
  finishedAt: null,
  questionsChecked: 1,
  questionsTotal: 12,
  problem: null,
  questions: [coding(21, 2)],
};

const layout = { testId: 9, width: 40, rows: 12, mayStart: true };

describe('the test screen’s lines of which questions a model solves', () => {
  it('follows a running check: the questions done, then how many are to go', () => {
    const panel = aiCheckPanelReducer(initialAiCheckPanel, { type: 'read-done', check: running });
    const texts = aiCheckLines(panel, layout).map((line) => line.text);
    expect(texts).toEqual([
      'Which questions a model solves',
      'Check 3 with qwen2.5-coder:7b,',
      '  checking… 1 of 12 questions done',
      '✱ Q1 coding · model solved 2 of 3 in',
      '  Python',
      '  checking… 11 questions to go',
      '✱ the model solved it at least once:',
      '  so could a candidate with a model',
      '  beside them',
    ]);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(40);
  });

  it('keeps to its rows, ending with where to read the rest, and a refusal before the list', () => {
    const done: AiCheck = {
      ...running,
      state: 'done',
      finishedAt: '2026-11-28T09:05:00.000Z',
      questionsChecked: 12,
      questions: Array.from({ length: 12 }, (_, index) => coding(30 + index, 0)),
    };
    const read = aiCheckPanelReducer(initialAiCheckPanel, { type: 'read-done', check: done });
    const refused = aiCheckPanelReducer(aiCheckPanelReducer(read, { type: 'start' }), {
      type: 'refused',
      failure: { exitCode: 1, label: '409.103', message: 'Check 3 of test 9 is still running.' },
    });
    const texts = aiCheckLines(refused, { ...layout, rows: 6 }).map((line) => line.text);
    expect(texts).toHaveLength(6);
    expect(texts.slice(0, 3)).toEqual(['Which questions a model solves', '✗ 409.103: Check 3 of test 9 is still', '  running.']);
    expect(texts.at(-1)).toBe('… the rest: assay tests ai-check 9 --show');
  });

  it('sends no second start while one is asked or a check runs', () => {
    const starting = aiCheckPanelReducer(initialAiCheckPanel, { type: 'start' });
    expect(aiCheckPanelReducer(starting, { type: 'start' })).toBe(starting);
    const followed = aiCheckPanelReducer(starting, { type: 'started', check: running });
    expect(aiCheckPanelReducer(followed, { type: 'start' })).toBe(followed);
    expect(aiCheckPanelReducer(aiCheckPanelReducer(followed, { type: 'read-done', check: { ...running, state: 'done' } }), { type: 'start' }).starts).toBe(2);
  });
});
