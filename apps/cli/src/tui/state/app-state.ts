import type { SimilarityPairDetail } from '@assay/domain/report';
import type { TestLink } from '@assay/domain/schemas';
import { match, P } from 'ts-pattern';
import type { Keystroke } from '../input/keystroke.js';
import { clampTop, scrollKeys } from './scroll-keys.js';
import type { TranscriptSource } from './transcript-view.js';

/** Where the user is; the stack's top is on screen. */
export type Route =
  | { screen: 'history'; testInvitationId: number }
  /** The AI assistant's transcript (issue 60): a report's, or by a review reference one answer's, naming no one. */
  | { screen: 'transcript'; source: TranscriptSource }
  | { screen: 'notes'; testInvitationId: number; fullName: string }
  | { screen: 'reminders'; testId: number; testName: string }
  | { screen: 'testSettings'; testId: number; testName: string }
  | { screen: 'tests' }
  | { screen: 'test'; testId: number }
  | { screen: 'links'; testId: number; testName: string }
  | { screen: 'linkForm'; testId: number; link: TestLink | null }
  | { screen: 'register'; testId: number; testName: string; link: TestLink | null }
  | { screen: 'bulkInvite'; testId: number; testName: string }
  | { screen: 'invitations'; testId: number; testName: string }
  | { screen: 'report'; testInvitationId: number }
  | { screen: 'answers'; testInvitationId: number }
  /** `pair`: opened from the list of every pair (decision 822), for a pair the report does not list. */
  | { screen: 'similarPair'; testInvitationId: number; eventId: string; pair?: SimilarityPairDetail }
  | { screen: 'similarPairs'; testInvitationId: number }
  /** The marked candidates of a test side by side (issue 61 item 4); a count out of 2–5 says so instead. */
  | { screen: 'compare'; testId: number; ids: readonly number[] }
  /** Which of a test's questions work, on the org's own attempts (issue 62 item 5). */
  | { screen: 'itemAnalysis'; testId: number; testName: string }
  | { screen: 'review'; testId: number; testName: string }
  /** A test's authorship follow-ups to mark (issue 60 item 6), blind as the review screen was when it opened them. */
  | { screen: 'followUps'; testId: number; testName: string; blind: boolean }
  | { screen: 'completions' }
  | { screen: 'people' }
  /** The open library's ready tests (issue 62 item 2). */
  | { screen: 'library' }
  /** A test file linted and imported, or a question bank imported with its report (issue 62 items 3 and 6). */
  | { screen: 'importFile' }
  | { screen: 'retention' };

/** A screen on the stack; `id` tells two visits of the same route apart (each gets a fresh screen). */
export interface StackEntry {
  route: Route;
  id: number;
}

export interface AppState {
  stack: readonly [StackEntry, ...StackEntry[]];
  /** Screens opened so far: the next one's id. */
  opened: number;
  help: boolean;
  /** The help's first line shown, when it is longer than the body. */
  helpTop: number;
  /** Back from the first screen: the app unmounts. */
  quitting: boolean;
}

export type AppEvent =
  | { type: 'open'; route: Route }
  | { type: 'back' }
  | { type: 'toggleHelp' }
  /** `overflow`: how far the help scrolls at the terminal's size as drawn (help-layout.ts). */
  | { type: 'scrollHelp'; delta: number; overflow: number };

export type AppPhase = 'root' | 'nested' | 'help' | 'quitting';

export const initialAppState = (routes: readonly [Route, ...Route[]] = [{ screen: 'tests' }]): AppState => ({
  stack: routes.map((route, id) => ({ route, id })) as unknown as AppState['stack'],
  opened: routes.length,
  help: false,
  helpTop: 0,
  quitting: false,
});

export const appPhaseOf = (state: AppState): AppPhase => (state.quitting ? 'quitting' : state.help ? 'help' : state.stack.length > 1 ? 'nested' : 'root');

/** The screen on top. */
export const topOf = (state: AppState): StackEntry => state.stack[state.stack.length - 1]!;

const pop = (state: AppState): AppState => ({ ...state, stack: state.stack.slice(0, -1) as unknown as AppState['stack'] });

/** Navigation: open pushes, back pops (or quits from the first screen, or closes the help first). */
export const appReducer = (state: AppState, event: AppEvent): AppState =>
  match<[AppPhase, AppEvent], AppState>([appPhaseOf(state), event])
    .with(['root', { type: 'open' }], ['nested', { type: 'open' }], ([, { route }]) => ({
      ...state,
      stack: [...state.stack, { route, id: state.opened }],
      opened: state.opened + 1,
    }))
    .with(['help', { type: 'open' }], ['quitting', { type: 'open' }], () => state)
    .with(['root', { type: 'back' }], () => ({ ...state, quitting: true }))
    .with(['nested', { type: 'back' }], () => pop(state))
    .with(['help', { type: 'back' }], () => ({ ...state, help: false }))
    .with(['quitting', { type: 'back' }], () => state)
    .with(['root', { type: 'toggleHelp' }], ['nested', { type: 'toggleHelp' }], () => ({ ...state, help: true, helpTop: 0 }))
    .with(['help', { type: 'toggleHelp' }], () => ({ ...state, help: false }))
    .with(['quitting', { type: 'toggleHelp' }], () => state)
    .with(['help', { type: 'scrollHelp' }], ([, { delta, overflow }]) => ({ ...state, helpTop: clampTop(state.helpTop + delta, overflow, 0) }))
    .with([P.union('root', 'nested', 'quitting'), { type: 'scrollHelp' }], () => state)
    .exhaustive();

const QUESTION = { type: 'char', char: '?' } as const;
const Q = { type: 'char', char: 'q' } as const;
const ESCAPE = { type: 'key', name: 'escape' } as const;

/**
 * The frame's own keys, for what the screen on top passed on (a screen with a text field takes `q` and `?`
 * as text; a prompt takes Esc): `?` opens and closes the help, `q` and Esc go back and quit from the first screen;
 * in a help longer than the body, ↑↓ PgUp PgDn scroll it (`helpOverflow`: how far it scrolls as drawn).
 */
export const appKeys = (state: AppState, stroke: Keystroke, helpOverflow = 0): AppEvent[] =>
  match<[AppPhase, Keystroke], AppEvent[]>([appPhaseOf(state), stroke])
    .with(['help', P.union(QUESTION, Q, ESCAPE)], () => [{ type: 'toggleHelp' }])
    .with(['help', P._], () => scrollKeys(stroke).events.map(({ delta }) => ({ type: 'scrollHelp' as const, delta, overflow: helpOverflow })))
    .with([P.union('root', 'nested'), QUESTION], () => [{ type: 'toggleHelp' }])
    .with([P.union('root', 'nested'), P.union(Q, ESCAPE)], () => [{ type: 'back' }])
    .with(['root', P._], ['nested', P._], ['help', P._], ['quitting', P._], () => [])
    .exhaustive();
