import { describe, expect, it } from 'vitest';
import { type AnalysedQuestion, analyseItems, itemFlagsOf, kelleyGroups, type ScoredAttempt } from './analyse-items.js';
import { optionAnalysisOf } from './option-analysis.js';

const choice = (number: number): AnalysedQuestion => ({
  number,
  questionId: number * 10,
  version: `v${number}`,
  type: 'single_choice',
  sectionName: 'General',
  maxMarks: 1,
  options: [
    { text: 'A', correct: true },
    { text: 'B', correct: false },
    { text: 'C', correct: false },
  ],
});
const questions = [choice(1), choice(2), choice(3)];

const attempt = (invitationId: number, marks: number[], choices: number[][], timesMs: (number | null)[] = []): ScoredAttempt => ({
  invitationId,
  marks: new Map(marks.map((mark, index) => [(index + 1) * 10, mark])),
  choices: new Map(choices.map((chosen, index) => [(index + 1) * 10, chosen])),
  timesMs: new Map(timesMs.flatMap((ms, index) => (ms === null ? [] : [[(index + 1) * 10, ms] as const]))),
});

// Four attempts, worked by hand in the comments below (totals 3, 2, 1, 1).
const attempts = [
  attempt(1, [1, 1, 1], [[0], [0], [0]], [10_000, 5_000]),
  attempt(2, [1, 1, 0], [[0], [0], [1]], [20_000]),
  attempt(3, [1, 0, 0], [[0], [2], [1]], [40_000]),
  attempt(4, [0, 0, 1], [[1], [1], [0]]),
];

describe('item analysis of a small test, by hand', () => {
  const analysis = analyseItems({ testId: 7, questions, attempts, exposures: new Map([[10, 5]]) });
  const [q1, q2, q3] = analysis.questions;

  it('gives facility as the mean fraction of marks', () => {
    expect(analysis.scoredAttempts).toBe(4);
    expect([q1?.facility, q2?.facility, q3?.facility]).toEqual([0.75, 0.5, 0.5]);
  });

  it('correlates each question with the rest of the test', () => {
    // q1: items 1,1,1,0 against rests 1, .5, 0, .5: covariance 0.
    expect(q1?.discrimination).toBe(0);
    // q2: items 1,1,0,0 against 1, .5, .5, .5: 0.25 / √(1 × 0.1875) = 0.577.
    expect(q2?.discrimination).toBe(0.577);
    // q3: items 1,0,0,1 against 1, 1, .5, 0: −0.25 / √(1 × 0.6875) = −0.302.
    expect(q3?.discrimination).toBe(-0.302);
  });

  it('takes Kelley’s index from the top and bottom 27 % by whole-test score', () => {
    // round(0.27 × 4) = 1 attempt each: the upper is attempt 1, the lower attempt 4 (tied with 3, later id).
    expect([q1?.upperLowerIndex, q2?.upperLowerIndex, q3?.upperLowerIndex]).toEqual([1, 1, 0]);
  });

  it('counts each option, overall and in the groups', () => {
    expect(q3?.options?.map(({ chosen, share, upperShare, lowerShare }) => ({ chosen, share, upperShare, lowerShare }))).toEqual([
      { chosen: 2, share: 0.5, upperShare: 1, lowerShare: 1 },
      { chosen: 2, share: 0.5, upperShare: 0, lowerShare: 0 },
      { chosen: 0, share: 0, upperShare: 0, lowerShare: 0 },
    ]);
  });

  it('gives the median time of the attempts that reported one, and the exposures', () => {
    expect(q1).toMatchObject({ medianTimeSeconds: 20, timedAttempts: 3, exposures: 5 });
    expect(q2).toMatchObject({ medianTimeSeconds: 5, timedAttempts: 1, exposures: 0 });
    expect(q3).toMatchObject({ medianTimeSeconds: null, timedAttempts: 0 });
  });

  it('says only that four attempts are too few', () => {
    for (const row of analysis.questions) {
      expect(row.flags).toEqual(['too-few-attempts']);
      expect(row.options?.flatMap((option) => option.flags)).toEqual([]);
    }
  });
});

describe('item analysis of a pool', () => {
  it('reads only the attempts asked the question, each scored out of its own draw', () => {
    const pooled = [
      attempt(1, [1, 1], [[0], [0]]),
      {
        ...attempt(2, [0, 0, 1], [[1], [1], [0]]),
        marks: new Map([
          [10, 0],
          [30, 1],
        ]),
      },
      {
        ...attempt(3, [0, 1, 0], []),
        marks: new Map([
          [20, 1],
          [30, 0],
        ]),
      },
    ];
    const [q1, q2, q3] = analyseItems({ testId: 1, questions, attempts: pooled, exposures: new Map() }).questions;
    expect([q1?.attempts, q2?.attempts, q3?.attempts]).toEqual([2, 2, 2]);
    expect(q1?.facility).toBe(0.5);
    // q1 against the rest of each draw: attempt 1 (1, 1), attempt 2 (0, 1): the rest does not vary.
    expect(q1?.discrimination).toBeNull();
    // q3 asked of attempts 2 (1 of 2) and 3 (1 of 2): tied, so the upper is attempt 2 and the lower attempt 3.
    expect(q3?.upperLowerIndex).toBe(1);
  });

  it('has no correlation for a test of one question, nor figures for a question worth nothing', () => {
    const one = analyseItems({ testId: 1, questions: [choice(1)], attempts: [attempt(1, [1], []), attempt(2, [0], [])], exposures: new Map() });
    expect(one.questions[0]).toMatchObject({ facility: 0.5, discrimination: null, upperLowerIndex: 1 });
    const free = analyseItems({ testId: 1, questions: [{ ...choice(1), maxMarks: 0 }, choice(2)], attempts, exposures: new Map() });
    expect(free.questions[0]).toMatchObject({ facility: null, discrimination: null, upperLowerIndex: null });
  });
});

describe('the flags', () => {
  const figures = { attempts: 30, facility: 0.5, discrimination: 0.4, options: null };

  it('raises each at its documented threshold', () => {
    expect(itemFlagsOf(figures)).toEqual([]);
    expect(itemFlagsOf({ ...figures, facility: 0.91 })).toEqual(['too-easy']);
    expect(itemFlagsOf({ ...figures, facility: 0.9 })).toEqual([]);
    expect(itemFlagsOf({ ...figures, facility: 0.19 })).toEqual(['too-hard']);
    expect(itemFlagsOf({ ...figures, discrimination: -0.01 })).toEqual(['negative-discrimination']);
    expect(itemFlagsOf({ ...figures, discrimination: 0.19 })).toEqual(['weak-discrimination']);
    expect(itemFlagsOf({ ...figures, discrimination: 0.2 })).toEqual([]);
    expect(itemFlagsOf({ ...figures, discrimination: null })).toEqual([]);
    expect(itemFlagsOf({ ...figures, attempts: 19, facility: 1 })).toEqual(['too-few-attempts']);
  });

  it('flags a distractor nobody picks and one the strong pick more than the weak', () => {
    const chose = (option: number) => ({ choices: new Map([[1, [option]]]) });
    const upper = [chose(0), chose(1)];
    const lower = [chose(0), chose(0)];
    const options = optionAnalysisOf(
      1,
      [
        { text: 'right', correct: true },
        { text: 'tempting', correct: false },
        { text: 'ignored', correct: false },
      ],
      { asked: [...upper, ...lower], upper, lower },
      4,
    );
    expect(options.map((option) => option.flags)).toEqual([[], ['distractor-draws-strong'], ['unpicked-distractor']]);
    const row = itemFlagsOf({ ...figures, options });
    expect(row).toEqual(['unpicked-distractor', 'distractor-draws-strong']);
  });

  it('forms groups of at least one, none for a single attempt', () => {
    const ranked = [0.9, 0.5, 0.1].map((score, index) => ({ attempt: { invitationId: index + 1 }, score }));
    expect(kelleyGroups(ranked)).toEqual({ upper: [{ invitationId: 1 }], lower: [{ invitationId: 3 }] });
    expect(kelleyGroups(ranked.slice(0, 1))).toEqual({ upper: [], lower: [] });
  });
});
