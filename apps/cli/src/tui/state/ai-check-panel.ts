import type { AiCheck } from '@assay/domain/ai';
import { match } from 'ts-pattern';
import type { Failure } from '../../errors.js';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { typed, type Keystroke } from '../input/keystroke.js';

/** The statuscode of "not checked yet" (GET before any check): a state of the panel, not a failure. */
export const NOT_CHECKED_YET = '404.104';

/**
 * The test screen's account of which questions a model solves (issue 60 item 7): the latest check as read (null
 * before any), a read asked for or under way, and a start (POST) under way or refused in the API's words. `reads`
 * and `starts` count the calls asked for, so the same call can run again.
 */
export interface AiCheckPanel {
  readonly check: AiCheck | null;
  readonly reading: boolean;
  readonly reads: number;
  readonly readFailure: Failure | null;
  readonly starting: boolean;
  readonly starts: number;
  readonly refusal: Failure | null;
}

export type AiCheckPanelEvent =
  | { type: 'read' }
  | { type: 'read-done'; check: AiCheck | null }
  | { type: 'read-failed'; failure: Failure }
  | { type: 'start' }
  | { type: 'started'; check: AiCheck }
  | { type: 'refused'; failure: Failure };

export const initialAiCheckPanel: AiCheckPanel = { check: null, reading: true, reads: 1, readFailure: null, starting: false, starts: 0, refusal: null };

/** A check is running: no second start is sent (the server would answer 409.103), and the panel follows it. */
export const aiCheckRunning = (panel: AiCheckPanel): boolean => panel.starting || panel.check?.state === 'running';

export const aiCheckPanelReducer = (panel: AiCheckPanel, event: AiCheckPanelEvent): AiCheckPanel =>
  match<AiCheckPanelEvent, AiCheckPanel>(event)
    .with({ type: 'read' }, () => (panel.reading ? panel : { ...panel, reading: true, reads: panel.reads + 1 }))
    .with({ type: 'read-done' }, ({ check }) => ({ ...panel, reading: false, readFailure: null, check }))
    .with({ type: 'read-failed' }, ({ failure }) => ({ ...panel, reading: false, readFailure: failure }))
    .with({ type: 'start' }, () => (aiCheckRunning(panel) ? panel : { ...panel, starting: true, starts: panel.starts + 1, refusal: null }))
    .with({ type: 'started' }, ({ check }) => ({ ...panel, starting: false, refusal: null, check }))
    .with({ type: 'refused' }, ({ failure }) => ({ ...panel, starting: false, refusal: failure }))
    .exhaustive();

/** The keys `useCall` runs the read and the start on: set while asked for, null otherwise. */
export const aiCheckReadKey = (panel: AiCheckPanel, testId: number): string | null => (panel.reading ? `ai-check:${testId}#${panel.reads}` : null);
export const aiCheckStartKey = (panel: AiCheckPanel, testId: number): string | null => (panel.starting ? `ai-check-start:${testId}#${panel.starts}` : null);

/** `a` starts a check; `r` reads the latest again and goes on to the screen's own refresh. */
export const aiCheckKeys = (stroke: Keystroke): KeyDecision<AiCheckPanelEvent> =>
  match<Keystroke, KeyDecision<AiCheckPanelEvent>>(stroke)
    .with(typed('a'), () => taken({ type: 'start' }))
    .with(typed('r'), () => passed({ type: 'read' }))
    .otherwise(() => passed());
