import type { FollowUpMark, FollowUpMarked, FollowUpRecord, ReviewFollowUpItem, ReviewFollowUps } from '@assay/domain/ai';
import { match } from 'ts-pattern';
import type { Failure } from '../../errors.js';

/** A mark to save: the answer's reference, the follow-up's position, the mark (null takes it back). */
export interface MarkRequest {
  reference: string;
  position: number;
  mark: FollowUpMark | null;
}

/**
 * The follow-up review screen (issue 60 item 6, decision 1361): the test's follow-up queue, the follow-up on screen
 * (`cursor` counts every follow-up of every answer, in the queue's order), the first line shown and a mark being saved.
 */
export interface FollowUpsState {
  phase: 'loading' | 'ready' | 'saving';
  blind: boolean;
  queue: ReviewFollowUps | null;
  cursor: number;
  top: number;
  pending: MarkRequest | null;
  /** A failed load, or a refused mark, in the API's words until the next key that changes something. */
  failure: Failure | null;
  /** What the last save recorded: "Marked partly.", "Mark taken back.". */
  saved: string | null;
  loads: number;
  saves: number;
}

export type FollowUpsEvent =
  | { type: 'loaded'; queue: ReviewFollowUps }
  | { type: 'failed'; failure: Failure }
  | { type: 'reload' }
  | { type: 'toggleBlind' }
  | { type: 'move'; delta: 1 | -1 }
  | { type: 'scroll'; top: number }
  | { type: 'mark'; mark: FollowUpMark | null }
  | { type: 'marked'; marked: FollowUpMarked };

export const initialFollowUps =
  (blind = false) =>
  (): FollowUpsState => ({ phase: 'loading', blind, queue: null, cursor: 0, top: 0, pending: null, failure: null, saved: null, loads: 1, saves: 0 });

/** The follow-up on screen, with its answer and where both are in the queue (from 0). */
export interface FollowUpPlace {
  item: ReviewFollowUpItem;
  followUp: FollowUpRecord;
  itemIndex: number;
  /** How many follow-ups the queue holds. */
  total: number;
}

export const followUpAt = (queue: ReviewFollowUps | null, cursor: number): FollowUpPlace | undefined => {
  if (!queue) return undefined;
  let before = 0;
  for (const [itemIndex, item] of queue.items.entries()) {
    const followUp = item.followUps[cursor - before];
    if (followUp && cursor >= before) return { item, followUp, itemIndex, total: queue.followUpsCount };
    before += item.followUps.length;
  }
  return undefined;
};

const clampCursor = (queue: ReviewFollowUps, cursor: number): number => Math.max(0, Math.min(cursor, queue.followUpsCount - 1));

/** The saved mark in the queue: the follow-up's, its answer's count and the test's. */
const withMark = (queue: ReviewFollowUps, reference: string, marked: FollowUpMarked): ReviewFollowUps => {
  let change = 0;
  const items = queue.items.map((item) => {
    if (item.reference !== reference) return item;
    const followUps = item.followUps.map((followUp) => {
      if (followUp.position !== marked.position) return followUp;
      change = (marked.mark === null ? 0 : 1) - (followUp.mark === null ? 0 : 1);
      return { ...followUp, mark: marked.mark };
    });
    return { ...item, followUps, markedCount: item.markedCount + change };
  });
  return { ...queue, items, markedCount: queue.markedCount + change };
};

const load = (state: FollowUpsState): FollowUpsState => ({ ...state, phase: 'loading', failure: null, saved: null, loads: state.loads + 1 });

export const followUpsReducer = (state: FollowUpsState, event: FollowUpsEvent): FollowUpsState =>
  match<FollowUpsEvent, FollowUpsState>(event)
    // A reload keeps the reviewer's place: the same follow-up, as far as the queue still has it.
    .with({ type: 'loaded' }, ({ queue }) => ({ ...state, phase: 'ready', queue, cursor: clampCursor(queue, state.cursor) }))
    .with({ type: 'failed' }, ({ failure }) => ({ ...state, phase: 'ready', pending: null, failure }))
    .with({ type: 'reload' }, () => load(state))
    .with({ type: 'toggleBlind' }, () => load({ ...state, blind: !state.blind }))
    .with({ type: 'move' }, ({ delta }) => {
      if (!state.queue) return state;
      const cursor = clampCursor(state.queue, state.cursor + delta);
      return cursor === state.cursor ? state : { ...state, cursor, top: 0, failure: null, saved: null };
    })
    .with({ type: 'scroll' }, ({ top }) => ({ ...state, top }))
    .with({ type: 'mark' }, ({ mark }) => {
      const place = followUpAt(state.queue, state.cursor);
      if (!place) return state;
      const pending = { reference: place.item.reference, position: place.followUp.position, mark };
      return { ...state, phase: 'saving', pending, failure: null, saved: null, saves: state.saves + 1 };
    })
    .with({ type: 'marked' }, ({ marked }) => {
      if (!state.queue || !state.pending) return { ...state, phase: 'ready' };
      const saved = marked.mark === null ? 'Mark taken back.' : `Marked ${marked.mark}.`;
      return { ...state, phase: 'ready', queue: withMark(state.queue, state.pending.reference, marked), pending: null, saved };
    })
    .exhaustive();

/** The call the state asks for: a load (by its count and blindness) or a save (by its count); null for none. */
export const followUpsLoadKey = (state: FollowUpsState): string | null => (state.phase === 'loading' ? `load:${state.loads}:${state.blind}` : null);
export const followUpsSaveKey = (state: FollowUpsState): string | null => (state.phase === 'saving' ? `save:${state.saves}` : null);
