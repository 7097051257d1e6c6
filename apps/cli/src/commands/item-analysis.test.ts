import { describe, expect, it } from 'vitest';
import type { ItemAnalysis, ItemAnalysisRow } from '@assay/domain/report';
import { itemAnalysisText } from './item-analysis.js';

const row = (number: number, overrides: Partial<ItemAnalysisRow>): ItemAnalysisRow => ({
  number,
  questionId: 100 + number,
  version: '0123456789abcdef',
  type: 'single_choice',
  sectionName: 'SQL',
  attempts: 30,
  exposures: 30,
  facility: 0.6,
  discrimination: 0.45,
  upperLowerIndex: 0.5,
  medianTimeSeconds: 40,
  timedAttempts: 30,
  options: null,
  flags: [],
  ...overrides,
});
const analysis: ItemAnalysis = {
  testId: 9,
  scoredAttempts: 30,
  minAttempts: 20,
  questions: [
    row(1, {}),
    row(2, { facility: 0.333, discrimination: -0.052, upperLowerIndex: 0, flags: ['negative-discrimination'] }),
    row(3, {
      discrimination: 0.1,
      options: [
        { option: 0, text: 'right', correct: true, chosen: 20, share: 0.667, upperShare: 0.5, lowerShare: 0.75, flags: [] },
        { option: 1, text: 'tempting', correct: false, chosen: 10, share: 0.333, upperShare: 0.5, lowerShare: 0.25, flags: ['distractor-draws-strong'] },
        { option: 2, text: 'ignored', correct: false, chosen: 0, share: 0, upperShare: 0, lowerShare: 0, flags: ['unpicked-distractor'] },
      ],
      flags: ['weak-discrimination', 'unpicked-distractor', 'distractor-draws-strong'],
    }),
  ],
};

describe('assay tests analysis prints', () => {
  const text = itemAnalysisText(analysis);

  it('a line per question with its figures and flags, the flagged options below', () => {
    expect(text).toContain('Test 9: 30 attempts with final results');
    expect(text).toMatch(/^2\s+102\s+01234567\s+30\s+0\.33\s+-0\.05\s+0\.00\s+neg disc$/m);
    expect(text).toMatch(/^3\s+103\s+.*weak disc, unpicked, lures strong$/m);
    expect(text).toContain('Q3 option C "ignored": wrong, and nobody chose it');
    expect(text).toContain('Q3 option B "tempting": wrong, chosen by 0.50 of the strongest vs 0.25 of the weakest');
  });

  it('each capped pool with its retired questions and those kept at the cap, in 80 columns', () => {
    const capped = itemAnalysisText({
      ...analysis,
      pools: [
        {
          sectionName: 'SQL',
          draw: 2,
          exposureCap: 500,
          retired: 1,
          note: 'cap reached, still asked: the pool would fall below its draw',
          questions: [
            { label: 'sql-join', questionId: 101, exposures: 120, state: 'asked', retiredAt: null },
            { label: 'sql-group-by', questionId: 102, exposures: 500, state: 'cap-reached-still-asked', retiredAt: null },
            { label: 'sql-window', questionId: null, exposures: 500, state: 'retired', retiredAt: '2026-11-29T11:40:17.000Z' },
          ],
        },
      ],
    });
    const lines = capped.split('\n');
    const from = lines.indexOf('Pool SQL: draw 2 · cap 500 · 1 retired');
    expect(lines.slice(from, from + 4)).toEqual([
      'Pool SQL: draw 2 · cap 500 · 1 retired',
      '  sql-group-by (shown 500): cap reached, still asked',
      '  retired sql-window (shown 500) on 2026-11-29 11:40 UTC',
      '  cap reached, still asked: the pool would fall below its draw',
    ]);
    expect(capped).not.toContain('sql-join');
    for (const line of lines.slice(from, from + 4)) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('fits 80 columns in its table', () => {
    const tableLines = text.split('\n').filter((line) => /^\d+\s/.test(line) || line.startsWith('#'));
    for (const line of tableLines) expect(line.length).toBeLessThanOrEqual(80);
  });
});
