import { describe, expect, it } from 'vitest';
import { recordedEdits, replayRecorded } from '../../test/recorded-typing.js';
import type { Departure } from '../report/timelines.js';
import { burstsAfterReturn, type QuestionWindows } from './burst-after-return.js';

/**
 * Rule 3 on recorded typing (decision 1203). An honest coding answer is worked out line by line — the recording with
 * 45 seconds of thought before each new line, as an attempt has — then the candidate leaves the window for 40
 * seconds and, back, types a recorded transcription into another question. The candidate who types fast everywhere
 * is measured against their own pace, so a fast minute after a return is no burst for them.
 */
const MINUTE = 60_000;
const startedAt = 1_000_000;

/** The honest recording with a pause for thought before each line: the pace of an answer being worked out. */
const workedOut = () => {
  let lines = 0;
  return recordedEdits('honest-code').map((edit) => {
    const shifted = { ...edit, t: edit.t + lines * 45_000 };
    if (edit.inserted.includes('\n')) lines++;
    return shifted;
  });
};
const honest = replayRecorded(workedOut(), startedAt + 5_000).windows;
const honestEnd = Math.max(...honest.map((window) => window.to));

const scenario = (options: { readonly awaySeconds?: number; readonly startAfterSeconds?: number; readonly profile?: string } = {}) => {
  const { awaySeconds = 40, startAfterSeconds = 3, profile = 'transcribed-essay' } = options;
  const leftAt = honestEnd + 10_000;
  const returnedAt = leftAt + awaySeconds * 1000;
  const departures: Departure[] = [{ leftAt, returnedAt, seconds: awaySeconds }];
  const questions: QuestionWindows[] = [
    { questionId: 1, windows: honest },
    { questionId: 2, windows: replayRecorded(recordedEdits(profile), returnedAt + startAfterSeconds * 1000).windows },
  ];
  return { departures, questions, returnedAt };
};

describe('a burst of typing right after returning', () => {
  it('fires on a transcription typed at once after 40 seconds away, far above the candidate’s own minute', () => {
    const { departures, questions, returnedAt } = scenario();
    const [finding, ...more] = burstsAfterReturn(departures, questions, startedAt);
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ kind: 'burst-after-return', questionId: 2, at: returnedAt, figures: { awaySeconds: 40 } });
    if (finding?.kind !== 'burst-after-return') throw new Error('a burst was expected');
    expect(finding.figures.startSeconds).toBeLessThan(5);
    expect(finding.figures.ratio).toBeGreaterThanOrEqual(3);
  });

  it('stays quiet when typing begins long after coming back (the candidate read or thought first)', () => {
    const { departures, questions } = scenario({ startAfterSeconds: 30 });
    expect(burstsAfterReturn(departures, questions, startedAt)).toEqual([]);
  });

  it('stays quiet after a glance away of a few seconds', () => {
    const { departures, questions } = scenario({ awaySeconds: 5 });
    expect(burstsAfterReturn(departures, questions, startedAt)).toEqual([]);
  });

  it('stays quiet on the honest pace after a return', () => {
    const { departures, questions } = scenario();
    const slowly = [questions[0]!, { questionId: 2, windows: replayRecorded(workedOut(), departures[0]!.returnedAt! + 3_000).windows }];
    expect(burstsAfterReturn(departures, slowly, startedAt)).toEqual([]);
  });

  it('stays quiet for a fast typist: a fast minute after a return is their own pace', () => {
    const fast = (questionId: number, at: number): QuestionWindows => ({ questionId, windows: replayRecorded(recordedEdits('fast-clean'), at).windows });
    const own = [0, 1, 2, 3].map((minute) => fast(minute + 1, startedAt + minute * MINUTE + 1_000));
    const returnedAt = startedAt + 5 * MINUTE;
    const departures = [{ leftAt: returnedAt - 40_000, returnedAt, seconds: 40 }];
    expect(burstsAfterReturn(departures, [...own, fast(5, returnedAt + 2_000)], startedAt)).toEqual([]);
    // The same minute from a candidate whose own pace is the honest one is a burst: the rule measures people against themselves.
    expect(burstsAfterReturn(departures, [{ questionId: 1, windows: honest }, fast(5, returnedAt + 2_000)], startedAt)).toHaveLength(1);
  });

  it('says nothing without enough of the candidate’s own typing to compare with, nor for a departure not yet ended', () => {
    const { departures, questions } = scenario();
    expect(burstsAfterReturn(departures, [questions[1]!], startedAt)).toEqual([]);
    expect(burstsAfterReturn([{ leftAt: departures[0]!.leftAt, returnedAt: null, seconds: 40 }], questions, startedAt)).toEqual([]);
  });
});
