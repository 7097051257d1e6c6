import { match } from 'ts-pattern';
import { violationCountText } from '../candidate/violation-limits.js';
import { parseEvidenceId } from './evidence-review.js';
import { AI_USE_NAMES } from '../ai-use/ai-use-text.js';
import type { HistoryBy, HistoryEntry, HistoryOmission } from './history-events.js';

/** An entry of an invitation's history as a person reads it: what happened and who did it, one line each. */
export interface HistoryLine {
  readonly at: string;
  readonly what: string;
  readonly by: string;
}

const times = (count: number): string => (count === 1 ? 'once' : `${count} times`);
const counted = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** A reviewed departure, paste, insertion or AI-use finding by its time (its id is that time in ms), a snapshot or similar pair by its number. */
const evidenceText = (eventId: string): string => {
  const id = parseEvidenceId(eventId);
  if (id === undefined) return `Evidence ${eventId}`;
  return match(id)
    .with({ type: 'departure' }, ({ leftAt }) => `Departure (left ${new Date(leftAt).toISOString().slice(11, 19)} UTC)`)
    .with({ type: 'snapshot' }, ({ snapshotId }) => `Snapshot ${snapshotId}`)
    .with({ type: 'similarity' }, ({ pairId }) => `Similar answer (pair ${pairId})`)
    .with({ type: 'paste' }, ({ at }) => `Paste (at ${new Date(at).toISOString().slice(11, 19)} UTC)`)
    .with({ type: 'insertion' }, ({ at }) => `Large insertion (at ${new Date(at).toISOString().slice(11, 19)} UTC)`)
    .with({ type: 'ai-use' }, ({ kind, at }) => `${AI_USE_NAMES[kind]} (at ${new Date(at).toISOString().slice(11, 19)} UTC)`)
    .exhaustive();
};

/** A key by the name the store resolved (actorName: its person's, else its label; its id when empty), the candidate, or Assay. */
export const historyActorText = (by: HistoryBy): string => (by === 'candidate' ? 'Candidate' : by === 'system' ? 'System' : by.label || `key ${by.keyId}`);

const whatOf = (entry: HistoryEntry): string =>
  match<HistoryEntry, string>(entry)
    .with({ kind: 'created' }, ({ details, reconstructed }) => {
      const via =
        details.via === 'unknown'
          ? 'created'
          : details.via === 'reattempt'
            ? `created as a reattempt of ${details.previousInvitationId}`
            : `created (${details.via})`;
      return `Invitation ${via}${reconstructed ? ', rebuilt from the invitation' : ''}`;
    })
    .with({ kind: 'delivery' }, ({ details }) => {
      const code = details.statusCode === null ? '' : `, ${details.statusCode}`;
      const channel = details.channel === 'email' ? 'Email' : details.channel === 'callback' ? 'Callback' : 'Greenhouse PATCH';
      return `${channel} ${details.outcome} (job ${details.jobId}${code})`;
    })
    .with({ kind: 'link-opened' }, ({ details }) => `Link opened ${times(details.count)}`)
    .with({ kind: 'started' }, () => 'Attempt started')
    .with({ kind: 'answers-saved' }, ({ details }) => `Answers saved ${times(details.count)}`)
    .with({ kind: 'runs' }, ({ details }) => `Sample code runs: ${details.count}`)
    .with({ kind: 'submitted' }, ({ details }) =>
      details.terminatedAfter === undefined
        ? 'Attempt submitted'
        : `Attempt terminated after ${violationCountText(details.terminatedAfter.kind, details.terminatedAfter.count)}`,
    )
    .with({ kind: 'scored' }, ({ details }) =>
      details.score === null ? `Scored: ${counted(details.awaitingReview, 'answer awaits', 'answers await')} review` : `Scored: ${details.score}`,
    )
    .with({ kind: 'graded' }, ({ details }) => `Question ${details.questionId} graded: ${counted(details.marks, 'mark', 'marks')}`)
    .with({ kind: 'evidence-reviewed' }, ({ details }) => `${evidenceText(details.eventId)} ${details.outcome}`)
    .with({ kind: 'reattempted' }, ({ details }) => `Reattempt created: invitation ${details.newInvitationId}`)
    .with({ kind: 'reset' }, () => 'Attempt reset')
    .with({ kind: 'cancelled' }, () => 'Invitation cancelled')
    .with({ kind: 'report-downloaded' }, ({ details }) =>
      details.format === 'pdf'
        ? 'Report PDF downloaded'
        : details.format === 'excel'
          ? 'Excel export of the test downloaded'
          : 'Report PDF downloaded through a signed link',
    )
    .with({ kind: 'greenhouse-error' }, ({ details }) => {
      // The caller's words, not a fact Assay checked (decision 636): said as a report, the first error quoted, the rest
      // counted (GET …/history has each kept one), so a report is one line however much it said.
      const [first] = details.errors;
      const quoted = first === undefined ? '' : `: "${first}"`;
      const more = details.errorCount > 1 ? ` (and ${counted(details.errorCount - 1, 'more error', 'more errors')})` : '';
      return `Reported by the Greenhouse key (not verified): Greenhouse could not use ${details.apiCall}${quoted}${more}`;
    })
    .with({ kind: 'decided' }, ({ details }) => {
      const reason = details.reason === null ? '' : `: "${details.reason}"`;
      return (details.decision === null ? 'Decision cleared' : `Decision: ${details.decision}`) + reason;
    })
    .with({ kind: 'tagged' }, ({ details }) => `Tag ${details.change === 'added' ? 'added' : 'removed'}: ${details.tag}`)
    .with({ kind: 'noted' }, ({ details }) => `Note ${details.noteId} ${details.change}`)
    .with({ kind: 'rated' }, ({ details }) => (details.rating === null ? 'Rating removed' : `Rated ${details.rating} of 5`))
    .with({ kind: 'decision-email' }, ({ details }) =>
      match(details.change)
        .with('queued', () => `The ${details.email} email is queued (sent after the undo window)`)
        .with('withdrawn', () => `The ${details.email} email was withdrawn before it was sent`)
        .with('sent', () => `The ${details.email} email was sent: "${details.subject ?? ''}"`)
        .exhaustive(),
    )
    .exhaustive();

/**
 * One line per entry, in the history's order (oldest first), for the PDF's appendix and the TUI: what happened and
 * by whom. Coalesced entries (link opened, answers saved, runs) say how many times; contents are never part of them.
 */
export const historyLines = (entries: readonly HistoryEntry[]): HistoryLine[] =>
  entries.map((entry) => ({ at: entry.at, what: whatOf(entry), by: historyActorText(entry.by) }));

const KIND_NAMES: Readonly<Record<HistoryOmission['kind'], string>> = {
  created: 'created',
  delivery: 'delivery',
  'link-opened': 'link opened',
  started: 'started',
  'answers-saved': 'answers saved',
  runs: 'runs',
  submitted: 'submitted',
  scored: 'scored',
  graded: 'graded',
  'evidence-reviewed': 'evidence reviewed',
  reattempted: 'reattempted',
  reset: 'reset',
  cancelled: 'cancelled',
  'report-downloaded': 'report downloaded',
  'greenhouse-error': 'Greenhouse error report',
  decided: 'decision',
  tagged: 'tag',
  noted: 'note',
  rated: 'rating',
  'decision-email': 'decision email',
};

/**
 * What the history no longer holds, one line per kind (decision 634), for the PDF and the TUI to show under the
 * entries: "… 130 more "Greenhouse error report" entries not kept (the first and the last of each kind are)".
 */
export const historyOmissionLines = (omitted: readonly HistoryOmission[]): string[] =>
  omitted.map(
    ({ kind, count }) =>
      `… ${counted(count, `more "${KIND_NAMES[kind]}" entry`, `more "${KIND_NAMES[kind]}" entries`)} not kept (the first and the last of each kind are)`,
  );
