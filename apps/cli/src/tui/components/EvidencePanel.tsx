import type { EvidenceReviewDetail } from '@assay/domain/report';
import { Box } from 'ink';
import { Text } from './Text.js';
import { useConnection } from '../shell/client-context.js';
import { useCall } from '../shell/use-call.js';
import { useMachine, type Machine } from '../shell/use-machine.js';
import {
  evidenceReviewBody,
  evidenceReviewReducer,
  evidenceSaveKey,
  initialEvidenceReview,
  type EvidenceReviewEvent,
  type EvidenceReviewState,
} from '../state/evidence-review-state.js';
import { evidenceTop, promptText, reviewedAtText, reviewText, type EvidenceRow } from '../state/evidence-view.js';
import { columnsFor, Row } from './Row.js';
import { FailureText } from './FailureText.js';
import { TextField } from './TextField.js';

/** Rows the panel takes besides the evidence rows: the blank line and header above, the line (or two) under them. */
export const EVIDENCE_FRAME_ROWS = 4;

/** Saves a review through the client once the draft is sent; `onSaved` runs after a success (to read the report again). */
export const useEvidenceReview = (testInvitationId: number, onSaved: () => void): Machine<EvidenceReviewState, EvidenceReviewEvent> => {
  const { client } = useConnection();
  const machine = useMachine(evidenceReviewReducer, initialEvidenceReview);
  const { state, send } = machine;
  useCall(
    evidenceSaveKey(state),
    async (signal) => {
      const body = state.draft && evidenceReviewBody(state.draft);
      if (!state.draft || !body || 'label' in body) throw new Error('no review to save');
      return client.invitations.reviewEvidence(testInvitationId, state.draft.eventId, body, { signal });
    },
    (review) => {
      send({ type: 'saved', review });
      onSaved();
    },
    (failure) => send({ type: 'failed', failure }),
  );
  return machine;
};

/** The outcome in words, coloured as the PDF colours it (confirmed red, dismissed green); colour only underlines it. */
const ReviewCell = ({ review }: { review: EvidenceReviewDetail | null }) => (
  <Text color={review === null ? undefined : review.outcome === 'confirmed' ? 'red' : 'green'} dimColor={review === null}>
    {reviewText(review)}
  </Text>
);

/** Under the list: the prompt, the save, its outcome, or who reviewed the highlighted piece and when. */
const StatusLines = ({ state, row, width, active }: { state: EvidenceReviewState; row: EvidenceRow | undefined; width: number; active: boolean }) => {
  const { draft } = state;
  if (draft && state.phase !== 'browsing') {
    return (
      <Box flexDirection="column">
        <Text wrap="truncate-end">
          <Text bold color={draft.outcome === 'confirmed' ? 'red' : 'green'}>
            {promptText(draft.outcome, draft)}
          </Text>
          <Text dimColor> · Tab: {draft.outcome === 'dismissed' ? 'confirm' : 'dismiss'} instead</Text>
        </Text>
        <Box>
          <Text>Note: </Text>
          <TextField
            input={{ value: draft.note, caret: draft.caret }}
            focus={active && state.phase === 'noting'}
            placeholder="optional"
            width={Math.max(12, width - 8)}
          />
        </Box>
        {state.phase === 'saving' ? <Text dimColor>Saving…</Text> : null}
        {state.failure ? <FailureText failure={state.failure} /> : null}
      </Box>
    );
  }
  if (state.saved) return <Text color="green">✓ {state.saved}</Text>;
  if (row?.review)
    return (
      <Text dimColor wrap="truncate-end">
        {row.name}: {row.review.outcome} by {row.review.by}, {reviewedAtText(row.review)}
      </Text>
    );
  return <Text dimColor>{row ? `${row.name}: not reviewed yet.` : ''}</Text>;
};

/**
 * The report's integrity evidence (issue 32, item 5): each departure and snapshot with its raw signal and, side by
 * side, the reviewer's outcome; the highlighted one is reviewed with `d` or `c`. At most `visible` rows are shown,
 * scrolled to keep the highlighted one in view.
 */
export const EvidencePanel = ({
  rows,
  omitted,
  unlistedPairs = 0,
  state,
  visible,
  width,
  active,
}: {
  rows: readonly EvidenceRow[];
  omitted: number;
  /** Similar pairs the details do not list (decision 622: the 5 highest of each question are); `s` lists them all (decision 822). */
  unlistedPairs?: number;
  state: EvidenceReviewState;
  visible: number;
  width: number;
  active: boolean;
}) => {
  if (rows.length === 0) {
    return (
      <Box flexDirection="column" marginTop={1}>
        <Text dimColor>Integrity evidence: no departures, snapshots, pastes or similar answers.</Text>
      </Box>
    );
  }
  const selected = Math.min(state.selected, rows.length - 1);
  const shown = Math.max(1, Math.min(visible, rows.length));
  const top = evidenceTop(selected, rows.length, shown);
  // At 80 columns the review (outcome, who, note) keeps the room; wider, the signal shares it (a similarity pair's is long).
  const columns = columnsFor(width, width >= 100 ? [13, 'flex', 'flex'] : [13, 25, 'flex']);
  const more = rows.length > shown ? ` · ${top + 1}–${top + shown} of ${rows.length}` : '';
  const kept = `${omitted > 0 ? ` · ${omitted} events not kept` : ''}${unlistedPairs > 0 ? ` · ${unlistedPairs} more pairs (s)` : ''}`;
  return (
    <Box flexDirection="column" marginTop={1}>
      <Row header columns={columns} cells={['EVIDENCE', 'RAW SIGNAL (UTC)', `REVIEW${more}${kept}`]} />
      {rows.slice(top, top + shown).map((row, index) => (
        <Row
          key={row.eventId ?? `${row.name}`}
          columns={columns}
          selected={top + index === selected}
          cells={[row.name, row.signal, <ReviewCell review={row.review} />]}
        />
      ))}
      <StatusLines state={state} row={rows[selected]} width={width} active={active} />
    </Box>
  );
};
