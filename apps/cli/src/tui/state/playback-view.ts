import { replayFrames } from '@assay/domain/candidate';
import type { CodePlaybackDetail } from '@assay/domain/report';

/**
 * Code playback in the terminal (issue 34, item 2): the code as it was after each saved change, replayed by the
 * domain's own `replayFrames` from the frames `/details` gives, so the terminal and the PDF never disagree on it.
 */
export interface PlaybackFrameView {
  /** 0-based; `count` frames in all. */
  index: number;
  count: number;
  /** "10:04:12 UTC", and how long after the first frame: "+3 min 5 s". */
  at: string;
  since: string;
  /** "+120 −3 chars", "+1 line −0 lines" spelled as chars: what this frame inserted and deleted. */
  change: string;
  /** The code after this frame, as lines. */
  lines: string[];
  /** The 1-based lines this frame touched in the code after it (for a marker beside them). */
  touched: { from: number; to: number };
}

/** The states of a history: `replayFrames` over the frames with their times as numbers (the replay ignores them). */
export const playbackStates = (playback: CodePlaybackDetail | undefined): string[] =>
  playback ? replayFrames(playback.frames.map((frame) => ({ ...frame, at: Date.parse(frame.at) }))) : [];

const sinceText = (ms: number): string => {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `+${seconds} s` : `+${minutes} min ${seconds % 60} s`;
};

const linesIn = (text: string): number => text.split('\n').length - 1;

/** One frame of a history (clamped into it), or null when nothing was recorded. */
export const frameView = (playback: CodePlaybackDetail | undefined, states: readonly string[], wanted: number): PlaybackFrameView | null => {
  const frames = playback?.frames ?? [];
  if (frames.length === 0 || states.length !== frames.length) return null;
  const index = Math.max(0, Math.min(wanted, frames.length - 1));
  const frame = frames[index]!;
  const code = states[index]!;
  const from = linesIn(code.slice(0, frame.start)) + 1;
  return {
    index,
    count: frames.length,
    at: `${frame.at.slice(11, 19)} UTC`,
    since: sinceText(Date.parse(frame.at) - Date.parse(frames[0]!.at)),
    change: `+${frame.inserted.length.toLocaleString('en')} −${frame.deleted.length.toLocaleString('en')} chars`,
    lines: code.split('\n'),
    touched: { from, to: from + linesIn(frame.inserted) },
  };
};
