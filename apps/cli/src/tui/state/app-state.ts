import type { TestLink } from '@assay/domain';
import { match } from 'ts-pattern';

/** Where the user is; the stack's top is on screen. */
export type Route =
  | { screen: 'tests' }
  | { screen: 'test'; testId: number }
  | { screen: 'links'; testId: number; testName: string }
  | { screen: 'linkForm'; testId: number; link: TestLink | null }
  | { screen: 'register'; testId: number; testName: string; link: TestLink | null }
  | { screen: 'invitations'; testId: number; testName: string }
  | { screen: 'report'; testInvitationId: number }
  | { screen: 'completions' };

export interface AppState {
  stack: readonly [Route, ...Route[]];
  help: boolean;
  /** Back from the first screen: the app unmounts. */
  quitting: boolean;
}

export type AppEvent = { type: 'open'; route: Route } | { type: 'back' } | { type: 'toggleHelp' };

export type AppPhase = 'root' | 'nested' | 'help' | 'quitting';

export const initialAppState = (): AppState => ({ stack: [{ screen: 'tests' }], help: false, quitting: false });

export const appPhaseOf = (state: AppState): AppPhase => (state.quitting ? 'quitting' : state.help ? 'help' : state.stack.length > 1 ? 'nested' : 'root');

const pop = (state: AppState): AppState => ({ ...state, stack: state.stack.slice(0, -1) as unknown as AppState['stack'] });

/** Navigation: open pushes, back pops (or quits from the first screen, or closes the help first). */
export const appReducer = (state: AppState, event: AppEvent): AppState =>
  match<[AppPhase, AppEvent], AppState>([appPhaseOf(state), event])
    .with(['root', { type: 'open' }], ['nested', { type: 'open' }], ([, { route }]) => ({ ...state, stack: [...state.stack, route] }))
    .with(['help', { type: 'open' }], ['quitting', { type: 'open' }], () => state)
    .with(['root', { type: 'back' }], () => ({ ...state, quitting: true }))
    .with(['nested', { type: 'back' }], () => pop(state))
    .with(['help', { type: 'back' }], () => ({ ...state, help: false }))
    .with(['quitting', { type: 'back' }], () => state)
    .with(['root', { type: 'toggleHelp' }], ['nested', { type: 'toggleHelp' }], () => ({ ...state, help: true }))
    .with(['help', { type: 'toggleHelp' }], () => ({ ...state, help: false }))
    .with(['quitting', { type: 'toggleHelp' }], () => state)
    .exhaustive();
