/** The two limits of a test's violation rules (`violationRulesOf`): null = never terminates. */
export interface ViolationLimits {
  readonly windowViolationLimit: number | null;
  readonly imageViolationLimit: number | null;
}

import { z } from 'zod';

/** Which count ended an attempt: window departures or image violations (camera lost, blank snapshot: decision 971). */
export const ViolationKind = z.enum(['window', 'image']);
export type ViolationKind = z.infer<typeof ViolationKind>;

/** Why an attempt is to end: `count` violations of `kind`, over its `limit`. */
export interface Termination {
  readonly kind: ViolationKind;
  readonly count: number;
  readonly limit: number;
}

/** The counts the server holds: `wv` of the proctoring counters, and the invitation's image violations (decision 971). */
export interface ViolationTally {
  readonly window: number;
  readonly image: number;
}

const over = (kind: ViolationKind, count: number, limit: number | null): Termination | null =>
  limit !== null && count > limit ? { kind, count, limit } : null;

/**
 * "Terminate after N" ends the attempt when the count exceeds N: terminate-after-2 ends on the third departure
 * (decision 941). Window first: a departure is what the candidate did last when both are over.
 */
export const terminationOf = (limits: ViolationLimits, counts: ViolationTally): Termination | null =>
  over('window', counts.window, limits.windowViolationLimit) ?? over('image', counts.image, limits.imageViolationLimit);

/** Where the candidate stands against a limit after a counted violation: what the page's warning says. */
export interface ViolationStanding {
  readonly count: number;
  readonly allowed: number;
  /** This violation was the last allowed: one more ends the test. */
  readonly lastAllowed: boolean;
  readonly terminated: boolean;
}

export const violationStandingOf = (limit: number, count: number): ViolationStanding => ({
  count,
  allowed: limit,
  lastAllowed: count === limit,
  terminated: count > limit,
});

const NOUNS: Readonly<Record<ViolationKind, readonly [string, string]>> = {
  window: ['window violation', 'window violations'],
  image: ['image violation', 'image violations'],
};

/** "3 window violations": the reason as the history, `/details`, the PDF, the workbook and the TUI word it. */
export const violationCountText = (kind: ViolationKind, count: number): string => `${count} ${NOUNS[kind][count === 1 ? 0 : 1]}`;

/** "Terminated (3 window violations)": a terminated attempt's status where the readers show one. */
export const terminatedStatusText = (termination: Pick<Termination, 'kind' | 'count'>): string =>
  `Terminated (${violationCountText(termination.kind, termination.count)})`;

/** What a reader knows of an attempt's end: `terminatedBy` and `iv` where it has them (decision 974), else window. */
export interface AttemptStatusFacts {
  readonly testStatus: string;
  readonly endReason?: 'terminated' | undefined;
  readonly wv: number;
  readonly iv?: number | undefined;
  readonly terminatedBy?: ViolationKind | undefined;
}

/**
 * An attempt's status as the report readers word it (the workbook, the TUI, the PDF): "Terminated (3 window violations)"
 * or "Terminated (3 image violations)" for one a limit ended, else its status.
 */
export const attemptStatusText = (report: AttemptStatusFacts): string => {
  if (report.endReason !== 'terminated') return report.testStatus;
  return report.terminatedBy === 'image'
    ? terminatedStatusText({ kind: 'image', count: report.iv ?? 0 })
    : terminatedStatusText({ kind: 'window', count: report.wv });
};
