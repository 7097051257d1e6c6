import type { QuestionDetail } from '@assay/domain/report';
import { describe, expect, it } from 'vitest';
import { pressed, typed } from '../input/keystroke.js';
import { answersKeys, answersReducer, initialAnswers, type AnswersState } from './answers-state.js';

const frame = { at: '2026-11-25T10:00:00.000Z', start: 0, deleted: '', inserted: 'x' };
const questions = [
  { number: 1, questionId: 1, type: 'single_choice' },
  {
    number: 2,
    questionId: 2,
    type: 'coding',
    coding: { language: 'python', code: 'x', hiddenTests: null, sampleRuns: 0, playback: { frames: [frame, frame, frame] } },
  },
] as QuestionDetail[];

const run = (state: AnswersState, ...strokes: Parameters<typeof answersKeys>[2][]) =>
  strokes.reduce((current, stroke) => answersKeys(current, questions, stroke).events.reduce(answersReducer, current), state);

describe('the answers screen state', () => {
  it('moves in the list and opens the playback of a coding question only, on its last frame', () => {
    expect(run(initialAnswers(), typed('p'))).toEqual({ mode: 'list', selected: 0 });
    expect(run(initialAnswers(), pressed('down'), pressed('down'), typed('p'))).toEqual({ mode: 'playback', selected: 1, frame: 2, top: 0 });
  });

  it("opens any question's answer, scrolls it, turns to the next and back, and goes back with Esc", () => {
    const open = run(initialAnswers(), pressed('return'));
    expect(open).toEqual({ mode: 'answer', selected: 0, top: 0 });
    expect(run(open, pressed('pageDown'), pressed('up'))).toEqual({ mode: 'answer', selected: 0, top: 9 });
    expect(run(open, pressed('down'), pressed('right'), pressed('right'))).toEqual({ mode: 'answer', selected: 1, top: 0 });
    expect(run(open, pressed('left'))).toEqual({ mode: 'answer', selected: 0, top: 0 });
    expect(run(open, pressed('right'), typed('p'))).toEqual({ mode: 'playback', selected: 1, frame: 2, top: 0 });
    expect(run(open, pressed('escape'))).toEqual({ mode: 'list', selected: 0 });
    expect(answersKeys(open, questions, pressed('escape')).passed).toBe(false);
  });

  it('steps frames within the history, scrolls, and goes back with Esc', () => {
    const open = run(initialAnswers(), pressed('down'), typed('p'));
    expect(run(open, pressed('left'), pressed('left'), pressed('left'))).toMatchObject({ frame: 0 });
    expect(run(open, pressed('home'), pressed('right'))).toMatchObject({ frame: 1 });
    expect(run(open, pressed('home'), pressed('end'), pressed('right'))).toMatchObject({ frame: 2 });
    expect(run(open, pressed('pageDown'), pressed('up'), pressed('up'))).toMatchObject({ top: 8 });
    expect(run(open, pressed('escape'))).toEqual({ mode: 'list', selected: 1 });
  });

  it('passes keys it does not use, and reloads on r', () => {
    expect(answersKeys(initialAnswers(), questions, typed('q')).passed).toBe(true);
    expect(answersKeys(initialAnswers(), questions, typed('r')).events).toEqual([{ type: 'reload' }]);
    // Esc in a playback is the screen's (back to the list), not the frame's.
    expect(answersKeys({ mode: 'playback', selected: 1, frame: 0, top: 0 }, questions, pressed('escape')).passed).toBe(false);
  });
});
