import { z } from 'zod';

/**
 * Code playback (issue 34, item 2): how a coding answer was written, kept as compact timed diffs. Each autosave the
 * server takes becomes at most one frame — the one change (a splice) from the code before it to the code saved, at
 * the server's time — so nothing here trusts the page's clock or its account of the edits. Bounded per question
 * (`PLAYBACK_LIMITS`), so per attempt by its coding questions.
 */

/** One change: at `at` (ms), `deleted` (the text that was there) at `start` became `inserted`. */
export const PlaybackFrame = z.object({
  at: z.number(),
  start: z.int().nonnegative(),
  deleted: z.string(),
  inserted: z.string(),
});
export type PlaybackFrame = z.infer<typeof PlaybackFrame>;
/** A question's history, as stored. */
export const PlaybackFrames = z.array(PlaybackFrame);

export const PLAYBACK_LIMITS = {
  /** Saves this close to the last frame are folded into it: one frame per burst of typing (decision 556). */
  coalesceMs: 5_000,
  /** Frames kept per question; at the limit every two neighbours after the first are merged (decision 557). */
  maxFrames: 240,
  /** Characters (deleted + inserted) kept per question; past it, merged the same way. */
  maxChars: 400_000,
} as const;

/** The one splice from `before` to `after`: their common start and end are left out. */
export const spliceOf = (before: string, after: string): Omit<PlaybackFrame, 'at'> => {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { start, deleted: before.slice(start, before.length - end), inserted: after.slice(start, after.length - end) };
};

export const applyFrame = (text: string, frame: Omit<PlaybackFrame, 'at'>): string =>
  text.slice(0, frame.start) + frame.inserted + text.slice(frame.start + frame.deleted.length);

/** The text before `frame`, from the text after it (each frame keeps what it deleted, so it can be undone). */
export const undoFrame = (text: string, frame: Omit<PlaybackFrame, 'at'>): string =>
  text.slice(0, frame.start) + frame.deleted + text.slice(frame.start + frame.inserted.length);

/** Every state of the history, from the empty text: `states[i]` is the code after frame i. */
export const replayFrames = (frames: readonly PlaybackFrame[]): string[] => {
  const states: string[] = [];
  let text = '';
  for (const frame of frames) {
    text = applyFrame(text, frame);
    states.push(text);
  }
  return states;
};

const sizeOf = (frames: readonly PlaybackFrame[]): number => frames.reduce((sum, frame) => sum + frame.deleted.length + frame.inserted.length, 0);

/**
 * Halves a history's resolution: the first frame stays (how the answer began), then every two neighbouring frames
 * become one change at the later one's time, so the whole attempt stays covered rather than its end being dropped.
 */
export const thinFrames = (frames: readonly PlaybackFrame[]): PlaybackFrame[] => {
  if (frames.length <= 2) return [...frames];
  const states = replayFrames(frames);
  const thinned: PlaybackFrame[] = [frames[0]!];
  for (let index = 1; index < frames.length; index += 2) {
    const last = Math.min(index + 1, frames.length - 1);
    thinned.push({ at: frames[last]!.at, ...spliceOf(states[index - 1]!, states[last]!) });
  }
  return thinned;
};

/**
 * The history after a save of `code` at `at`, the last saved code being `previous` (the state after the last frame;
 * '' before the first save, which then holds the whole first code). A save within `coalesceMs` of the last frame is
 * folded into it; past the limits the history is thinned until it fits.
 */
export const recordSave = (frames: readonly PlaybackFrame[], previous: string, code: string, at: number): PlaybackFrame[] => {
  if (previous === code) return [...frames];
  const last = frames[frames.length - 1];
  let next: PlaybackFrame[];
  if (last !== undefined && frames.length > 1 && at - last.at < PLAYBACK_LIMITS.coalesceMs) {
    const before = undoFrame(previous, last);
    // Typed and taken back within the burst: the burst changed nothing, so it leaves no frame.
    next = before === code ? frames.slice(0, -1) : [...frames.slice(0, -1), { at: Math.max(at, last.at), ...spliceOf(before, code) }];
  } else {
    next = [...frames, { at: Math.max(at, last?.at ?? at), ...spliceOf(previous, code) }];
  }
  while ((next.length > PLAYBACK_LIMITS.maxFrames || sizeOf(next) > PLAYBACK_LIMITS.maxChars) && next.length > 2) next = thinFrames(next);
  return next;
};

/** A moment of the history worth showing on paper, and why it was picked. */
export interface KeyFrame {
  readonly at: number;
  readonly code: string;
  readonly why: 'largest change' | 'along the way';
}

/**
 * A few moments of a history for a report on paper (the whole history is in `/details`): the state after the change
 * that added the most at once (where a paste or a dropped-in answer shows), and states spread evenly over the time
 * the code was written; never the last one (the report shows the submitted code itself). At most `count`, in order.
 */
export const keyFrames = (frames: readonly PlaybackFrame[], count = 3): KeyFrame[] => {
  if (frames.length < 2 || count < 1) return [];
  const states = replayFrames(frames);
  const last = frames.length - 1;
  let largest = 0;
  frames.forEach((frame, index) => {
    if (frame.inserted.length > frames[largest]!.inserted.length) largest = index;
  });
  const picked = new Map<number, KeyFrame['why']>();
  if (largest !== last) picked.set(largest, 'largest change');
  const first = frames[0]!.at;
  const span = frames[last]!.at - first;
  for (let step = 1; picked.size < count && step <= count; step++) {
    const target = first + (span * step) / (count + 1);
    const index = frames.findIndex((frame) => frame.at >= target);
    if (index >= 0 && index !== last && !picked.has(index)) picked.set(index, 'along the way');
  }
  return [...picked.entries()]
    .sort(([a], [b]) => a - b)
    .slice(0, count)
    .map(([index, why]) => ({ at: frames[index]!.at, code: states[index]!, why }));
};
