import { describe, expect, it } from 'vitest';
import { RECORDED_PROFILES, recordedEdits, replayRecorded } from '../../test/recorded-typing.js';
import { AI_USE_THRESHOLDS } from './ai-use-thresholds.js';
import { transcribedAnswer, transcriptionFigures } from './transcribed-answer.js';
import { typingTotals } from './typing-window.js';

/**
 * Rule 2 on typing recorded in Chromium (decision 1206): the transcriptions fire, the honest answers and the fast,
 * clean typist stay quiet — and each with a margin to the threshold that decides it, so that a little more jitter
 * on another machine does not flip them.
 */
const figuresOf = (profile: string) => transcriptionFigures(typingTotals(replayRecorded(recordedEdits(profile)).windows));
const limits = AI_USE_THRESHOLDS.transcribed;

describe('transcribed from elsewhere, on recorded typing', () => {
  it('has the five recorded profiles', () => {
    expect(RECORDED_PROFILES).toEqual(['fast-clean', 'honest-code', 'honest-essay', 'transcribed-code', 'transcribed-essay']);
  });

  it.each(['transcribed-code', 'transcribed-essay'])('fires on %s, with its figures', (profile) => {
    const { windows } = replayRecorded(recordedEdits(profile));
    const finding = transcribedAnswer(7, windows);
    expect(finding).toMatchObject({ kind: 'transcribed', questionId: 7, at: Math.max(...windows.map((window) => window.to)) });
    if (finding?.kind !== 'transcribed') throw new Error('a transcription was expected');
    expect(finding.figures).toEqual(figuresOf(profile));
    expect(finding.figures.deletedChars).toBe(0);
    expect(finding.figures.rhythmVariation).toBeLessThan(limits.maxRhythmVariation - 0.2);
  });

  it.each(['honest-code', 'honest-essay'])('stays quiet on %s: corrections and an uneven rhythm', (profile) => {
    const figures = figuresOf(profile);
    expect(transcribedAnswer(7, replayRecorded(recordedEdits(profile)).windows)).toBeNull();
    expect(figures.typedChars).toBeGreaterThanOrEqual(limits.minTypedChars);
    expect(figures.correctionPercent).toBeGreaterThan(limits.maxCorrectionPercent + 1);
    expect(figures.rhythmVariation).toBeGreaterThan(limits.maxRhythmVariation + 0.3);
  });

  it('stays quiet on a fast typist who makes no corrections: a human rhythm is uneven, and speed plays no part', () => {
    const figures = figuresOf('fast-clean');
    expect(figures.deletedChars).toBe(0);
    expect(figures.rhythmVariation).toBeGreaterThan(limits.maxRhythmVariation + 0.3);
    expect(transcribedAnswer(7, replayRecorded(recordedEdits('fast-clean')).windows)).toBeNull();
  });

  it('says nothing of a short answer, however steadily typed', () => {
    const short = recordedEdits('transcribed-code').slice(0, 200);
    expect(transcribedAnswer(7, replayRecorded(short).windows)).toBeNull();
  });

  it('stays quiet when the transcription moved the cursor about, as editing does', () => {
    const { windows } = replayRecorded(recordedEdits('transcribed-code'));
    const moved = windows.map((window) => ({ ...window, moves: window.moves + Math.ceil((window.typed * limits.maxMovesPer100) / 100) + 1 }));
    expect(transcribedAnswer(7, moved)).toBeNull();
  });

  it('says nothing with no typing at all', () => {
    expect(transcribedAnswer(7, [])).toBeNull();
  });
});
