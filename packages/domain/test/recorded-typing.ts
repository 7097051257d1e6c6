import { readdirSync, readFileSync } from 'node:fs';
import { applyFrame } from '../src/candidate/code-playback.js';
import { closeWindow, meterEdit, newMeter, type EditKind } from '../src/ai-use/typing-meter.js';
import { QUESTION_SIGNAL_LIMITS } from '../src/candidate/question-signals.js';
import type { TypingWindow } from '../src/ai-use/typing-window.js';

/**
 * Typing recorded in headless Chromium (apps/server/scripts/record-typing.mjs; decision 1206): each `input` event of a
 * textarea as a splice at its instant. Replayed through the page's typing meter, it gives the windows the server
 * would keep, so the rules are tested on what a browser really produced and not on figures written by hand.
 */
interface RecordedEdit {
  readonly t: number;
  readonly kind: 'typed' | 'pasted';
  readonly start: number;
  readonly deleted: string;
  readonly inserted: string;
}

const root = new URL('fixtures/ai-use/', import.meta.url);

export const RECORDED_PROFILES: readonly string[] = readdirSync(root)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))
  .sort();

export const recordedEdits = (profile: string): RecordedEdit[] =>
  (JSON.parse(readFileSync(new URL(`${profile}.json`, root), 'utf8')) as { edits: RecordedEdit[] }).edits;

/** What the page tells the meter of one input: a paste, a large insertion (decision 553) or typing. */
const kindOf = (edit: RecordedEdit): EditKind =>
  edit.kind === 'pasted' ? 'pasted' : edit.inserted.length >= QUESTION_SIGNAL_LIMITS.largeInsertionChars ? 'inserted' : 'typed';

/** The windows of typing a recorded answer makes, its first edit at `startAt` (ms), starting from `initial`. */
export const replayRecorded = (edits: readonly RecordedEdit[], startAt = 1_000_000, initial = ''): { windows: TypingWindow[]; text: string } => {
  let meter = newMeter(initial);
  let text = initial;
  const windows: TypingWindow[] = [];
  for (const edit of edits) {
    text = applyFrame(text, edit);
    const next = meterEdit(meter, { at: startAt + edit.t, after: text, kind: kindOf(edit) });
    if (next.closed) windows.push(next.closed);
    meter = next.meter;
  }
  const last = closeWindow(meter);
  if (last.closed) windows.push(last.closed);
  return { windows, text };
};
