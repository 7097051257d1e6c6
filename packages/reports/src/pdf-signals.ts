import { keyFrames, type QuestionDetail } from '@assay/domain';
import { displayDuration } from './format.js';
import { drawCode } from './pdf-code.js';
import { BOLD, ITALIC, LEFT, MUTED, WARNING, WIDTH, put, type Cursor, type Doc } from './pdf-layout.js';

const LINE = 12;
/** Lines of a key frame's code on paper: enough to recognise where the answer stood. */
const FRAME_LINES = 12;
const KEY_FRAMES = 3;

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "at 12 min 3 s": an instant as time into the attempt (null: the attempt has no start). */
const into = (at: string, startedAt: string | null): string =>
  startedAt === null ? at : `at ${displayDuration((Date.parse(at) - Date.parse(startedAt)) / 1000)} into the attempt`;

/**
 * What the page reported of a question, in words for a reviewer (beside the answer in the PDF): sizes and times
 * only, never pasted text. Empty when the page reported nothing of it.
 */
export const signalsText = (question: QuestionDetail, startedAt: string | null): string[] => {
  const signals = question.signals;
  if (!signals) return [];
  const lines: string[] = [];
  lines.push(
    signals.secondsToFirstKeystroke === null
      ? 'No keystroke in the answer.'
      : `First keystroke ${displayDuration(signals.secondsToFirstKeystroke)} after the question came up.`,
  );
  if (signals.pastes === 0 && signals.largeInsertions === 0) lines.push('No pastes, no large insertions.');
  else {
    lines.push(
      `${plural(signals.pastes, 'paste')} (${signals.pastedChars} characters in all), ${plural(signals.largeInsertions, 'large insertion')} (${signals.largeInsertionChars}+ characters at once, not pasted).`,
    );
    for (const event of signals.events) {
      // The outcome beside the signal; who reviewed it and the note are under "Reviewed evidence".
      const reviewed = event.review ? ` Reviewed: ${event.review.outcome}.` : '';
      lines.push(
        `${event.kind === 'paste' ? 'Pasted' : 'Inserted'} ${plural(event.chars, 'character')} over ${plural(event.lines, 'line')} ${into(event.at, startedAt)}.${reviewed}`,
      );
    }
    const listed = signals.pastes + signals.largeInsertions - signals.events.length;
    if (listed > 0) lines.push(`… ${listed} more not listed.`);
  }
  return lines;
};

/** The signals beside an answer, and for code a few key frames of how it was written (the whole history is in `/details`). */
export const drawSignals = (doc: Doc, cursor: Cursor, question: QuestionDetail, startedAt: string | null): void => {
  const lines = signalsText(question, startedAt);
  const playback = question.coding?.playback;
  if (lines.length === 0 && !playback) return;
  cursor.ensure(LINE * 2);
  put(doc, 'Evidence for the reviewer (changes no score)', LEFT, cursor.y, WIDTH, { font: BOLD, size: 8.5, color: MUTED });
  cursor.y += LINE;
  const flagged = (question.signals?.pastes ?? 0) + (question.signals?.largeInsertions ?? 0) > 0;
  for (const line of lines) {
    cursor.ensure(LINE);
    put(doc, line, LEFT, cursor.y, WIDTH, { size: 8.5, color: flagged ? WARNING : MUTED });
    cursor.y += LINE;
  }
  if (!playback || playback.frames.length === 0) return;
  const frames = playback.frames.map((frame) => ({ ...frame, at: Date.parse(frame.at) }));
  const first = playback.frames[0]!.at;
  const last = playback.frames[playback.frames.length - 1]!.at;
  cursor.ensure(LINE);
  put(
    doc,
    `Playback: ${plural(frames.length, 'change')}, the first ${into(first, startedAt)}, the last ${displayDuration((Date.parse(last) - Date.parse(first)) / 1000)} later.`,
    LEFT,
    cursor.y,
    WIDTH,
    { size: 8.5, color: MUTED },
  );
  cursor.y += LINE;
  for (const frame of keyFrames(frames, KEY_FRAMES)) {
    const codeLines = frame.code.split('\n');
    const shown = codeLines.slice(0, FRAME_LINES).join('\n');
    cursor.ensure(LINE * 3);
    put(doc, `The code ${into(new Date(frame.at).toISOString(), startedAt)} (${frame.why})`, LEFT, cursor.y, WIDTH, { font: ITALIC, size: 8, color: MUTED });
    cursor.y += LINE;
    if (shown.trim() === '') {
      put(doc, '(empty)', LEFT, cursor.y, WIDTH, { font: ITALIC, size: 8, color: MUTED });
      cursor.y += LINE;
    } else drawCode(doc, cursor, shown, question.coding!.language);
    if (codeLines.length > FRAME_LINES) {
      cursor.ensure(LINE);
      put(doc, `… ${plural(codeLines.length - FRAME_LINES, 'more line')}`, LEFT, cursor.y, WIDTH, { font: ITALIC, size: 8, color: MUTED });
      cursor.y += LINE;
    }
    cursor.y += 4;
  }
};
