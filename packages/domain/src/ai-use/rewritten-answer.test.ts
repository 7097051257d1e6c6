import { describe, expect, it } from 'vitest';
import { recordedEdits, replayRecorded } from '../../test/recorded-typing.js';
import { AI_USE_THRESHOLDS } from './ai-use-thresholds.js';
import { rewrittenAnswer } from './rewritten-answer.js';

/**
 * Rule 4 on recorded typing (decision 1204): an honest coding answer, then — two seconds after its last key — the
 * whole of it selected and typed over with another answer. Stretching the second recording's clock gives the slow
 * retype the rule must leave alone; marking its first edit a paste gives the case the paste evidence already covers.
 */
const first = recordedEdits('honest-code');
const second = recordedEdits('transcribed-essay');
const firstText = replayRecorded(first).text;
const endOfFirst = first.at(-1)!.t;

const replacedBy = (options: { readonly slower?: number; readonly pasted?: boolean } = {}) => {
  const { slower = 1, pasted = false } = options;
  const [opening, ...rest] = second;
  const start = endOfFirst + 2_000;
  const replacing = { ...opening!, t: start, kind: pasted ? ('pasted' as const) : opening!.kind, start: 0, deleted: firstText };
  return [...first, replacing, ...rest.map((edit) => ({ ...edit, t: start + (edit.t - opening!.t) * slower }))];
};

describe('an answer replaced almost whole within a minute without a paste', () => {
  it('fires when the answer is typed over with another within the minute, with its figures', () => {
    const { windows } = replayRecorded(replacedBy());
    const finding = rewrittenAnswer(4, windows);
    expect(finding).toMatchObject({ kind: 'rewritten', questionId: 4, figures: { fromChars: firstText.length, keptPercent: 0 } });
    if (finding?.kind !== 'rewritten') throw new Error('a rewrite was expected');
    expect(finding.figures.toChars).toBeGreaterThanOrEqual(AI_USE_THRESHOLDS.rewritten.minNewShare * firstText.length);
    expect(finding.figures.seconds).toBeLessThanOrEqual(60);
  });

  it('stays quiet on the honest answer written once', () => {
    expect(rewrittenAnswer(4, replayRecorded(first).windows)).toBeNull();
  });

  it('stays quiet when the new answer takes minutes to retype', () => {
    expect(rewrittenAnswer(4, replayRecorded(replacedBy({ slower: 4 })).windows)).toBeNull();
  });

  it('stays quiet when the new answer came with a paste: that is the paste evidence', () => {
    expect(rewrittenAnswer(4, replayRecorded(replacedBy({ pasted: true })).windows)).toBeNull();
  });

  it('stays quiet on an answer only deleted, or too short to speak of', () => {
    const deleted = [...first, { t: endOfFirst + 2_000, kind: 'typed' as const, start: 0, deleted: firstText, inserted: 'x' }];
    expect(rewrittenAnswer(4, replayRecorded(deleted).windows)).toBeNull();
    const short = second.slice(0, 100);
    const shortText = replayRecorded(short).text;
    const overShort = [...short, { t: short.at(-1)!.t + 500, kind: 'typed' as const, start: 0, deleted: shortText, inserted: 'y' }];
    expect(
      rewrittenAnswer(
        4,
        replayRecorded([...overShort, ...first.map((edit) => ({ ...edit, start: edit.start + 1, t: edit.t + short.at(-1)!.t + 600 }))]).windows,
      ),
    ).toBeNull();
  });
});
