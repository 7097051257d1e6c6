import { describe, expect, it } from 'vitest';
import { scoreCellText, scoreColumnWidth } from './invitation-score-cell.js';

describe('the invitations list’s SCORE cell (issue 61 item 7)', () => {
  const row = { score: 18.67, maxScore: 23, scoreStatus: 'final' as const, percent: 81.17 };

  it('fits its column whole at 80 columns: the percent, never "18.67/" cut', () => {
    const narrow = scoreCellText(row, false);
    expect(narrow).toBe('81%');
    const provisional = scoreCellText({ ...row, scoreStatus: 'provisional', score: 100, maxScore: 100, percent: 100 }, false);
    expect(provisional).toBe('~100%');
    // The cell keeps one column of padding.
    for (const text of [narrow, provisional]) expect(text.length).toBeLessThanOrEqual(scoreColumnWidth(false) - 1);
  });

  it('shows the score and its maximum from 100 columns, whole', () => {
    const wide = scoreCellText({ ...row, scoreStatus: 'provisional', maxScore: 23.5 }, true);
    expect(wide).toBe('~18.67/23.5');
    expect(wide.length).toBeLessThanOrEqual(scoreColumnWidth(true) - 1);
    expect(scoreCellText({ ...row, score: null, percent: null }, false)).toBe('—');
  });
});
