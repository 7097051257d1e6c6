import { match, P } from 'ts-pattern';
import type { Failure } from '../../errors.js';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, type Keystroke } from '../input/keystroke.js';
import { editText, textEditOf, textInputOf, type TextEdit } from '../input/text-edit.js';

/** Exporting a file: the path is offered for editing first, then the download runs with its progress. */
export type DownloadState =
  | { phase: 'idle'; runs: number }
  | { phase: 'naming'; runs: number; path: string; caret: number }
  | { phase: 'downloading'; runs: number; path: string; loaded: number; total: number | undefined }
  | { phase: 'saved'; runs: number; path: string; bytes: number }
  | { phase: 'failed'; runs: number; path: string; failure: Failure };

export type DownloadEvent =
  | { type: 'start'; path: string }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'confirm' }
  | { type: 'progress'; loaded: number; total: number | undefined }
  /** `path`: where the file was written, absolute (another name when the chosen one was taken). */
  | { type: 'finished'; bytes: number; path: string }
  | { type: 'failed'; failure: Failure }
  | { type: 'dismiss' };

export const idleDownload = (): DownloadState => ({ phase: 'idle', runs: 0 });

export const downloadReducer = (state: DownloadState, event: DownloadEvent): DownloadState =>
  match<[DownloadState, DownloadEvent], DownloadState>([state, event])
    .with(
      [{ phase: 'idle' }, { type: 'start' }],
      [{ phase: 'saved' }, { type: 'start' }],
      [{ phase: 'failed' }, { type: 'start' }],
      ([{ runs }, { path }]) => ({
        phase: 'naming',
        runs,
        path,
        caret: textInputOf(path).caret,
      }),
    )
    .with([{ phase: 'naming' }, { type: 'start' }], [{ phase: 'downloading' }, { type: 'start' }], ([current]) => current)
    .with([{ phase: 'naming' }, { type: 'edit' }], ([current, { edit }]) => {
      const { value, caret } = editText({ value: current.path, caret: current.caret }, edit);
      return { ...current, path: value, caret };
    })
    .with(
      [{ phase: 'idle' }, { type: 'edit' }],
      [{ phase: 'downloading' }, { type: 'edit' }],
      [{ phase: 'saved' }, { type: 'edit' }],
      [{ phase: 'failed' }, { type: 'edit' }],
      ([current]) => current,
    )
    // An empty path stays in the prompt: there is nowhere to save.
    .with([{ phase: 'naming' }, { type: 'confirm' }], ([current]) =>
      current.path.trim() === '' ? current : { phase: 'downloading', runs: current.runs + 1, path: current.path.trim(), loaded: 0, total: undefined },
    )
    .with(
      [{ phase: 'idle' }, { type: 'confirm' }],
      [{ phase: 'downloading' }, { type: 'confirm' }],
      [{ phase: 'saved' }, { type: 'confirm' }],
      [{ phase: 'failed' }, { type: 'confirm' }],
      ([current]) => current,
    )
    .with([{ phase: 'downloading' }, { type: 'progress' }], ([current, { loaded, total }]) => ({ ...current, loaded, total }))
    .with(
      [{ phase: 'idle' }, { type: 'progress' }],
      [{ phase: 'naming' }, { type: 'progress' }],
      [{ phase: 'saved' }, { type: 'progress' }],
      [{ phase: 'failed' }, { type: 'progress' }],
      ([current]) => current,
    )
    .with([{ phase: 'downloading' }, { type: 'finished' }], ([{ runs }, { bytes, path }]) => ({ phase: 'saved', runs, path, bytes }))
    .with([{ phase: 'downloading' }, { type: 'failed' }], ([{ runs, path }, { failure }]) => ({ phase: 'failed', runs, path, failure }))
    .with(
      [{ phase: 'idle' }, { type: 'finished' }],
      [{ phase: 'naming' }, { type: 'finished' }],
      [{ phase: 'saved' }, { type: 'finished' }],
      [{ phase: 'failed' }, { type: 'finished' }],
      [{ phase: 'idle' }, { type: 'failed' }],
      [{ phase: 'naming' }, { type: 'failed' }],
      [{ phase: 'saved' }, { type: 'failed' }],
      [{ phase: 'failed' }, { type: 'failed' }],
      ([current]) => current,
    )
    .with([{ phase: 'naming' }, { type: 'dismiss' }], [{ phase: 'saved' }, { type: 'dismiss' }], [{ phase: 'failed' }, { type: 'dismiss' }], ([{ runs }]) => ({
      phase: 'idle',
      runs,
    }))
    // A download in flight finishes (or fails) and says so; it is not silently dropped.
    .with([{ phase: 'idle' }, { type: 'dismiss' }], [{ phase: 'downloading' }, { type: 'dismiss' }], ([current]) => current)
    .exhaustive();

/**
 * The name to try after `taken` names were already there: `report.pdf`, then `report (1).pdf`,
 * `report (2).pdf`…, as file managers do. An export never overwrites a file.
 */
export const numberedPath = (path: string, taken: number): string => {
  if (taken === 0) return path;
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const dot = path.lastIndexOf('.');
  const split = dot > slash + 1 ? dot : path.length;
  return `${path.slice(0, split)} (${taken})${path.slice(split)}`;
};

export const downloadCallKey = (state: DownloadState): string | null => (state.phase === 'downloading' ? `download#${state.runs}` : null);

/**
 * The keys of an export: while the path is asked for, every key is the path field's (Enter saves, Esc
 * cancels); a shown outcome is cleared by the next key, which then does what it does.
 */
export const downloadKeys = (state: DownloadState, stroke: Keystroke): KeyDecision<DownloadEvent> =>
  match<[DownloadState['phase'], Keystroke], KeyDecision<DownloadEvent>>([state.phase, stroke])
    .with(['naming', pressed('return')], () => taken({ type: 'confirm' }))
    .with(['naming', pressed('escape')], () => taken({ type: 'dismiss' }))
    .with(['naming', P._], ([, typing]) => {
      const edit = textEditOf(typing);
      return edit ? taken({ type: 'edit', edit }) : taken();
    })
    .with(['saved', P._], ['failed', P._], () => passed({ type: 'dismiss' }))
    .with(['idle', P._], ['downloading', P._], () => passed())
    .exhaustive();
