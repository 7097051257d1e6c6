import { Box } from 'ink';
import { terminalLine } from '../../format/terminal-text.js';
import { wrapLines } from '../../format/wrap-lines.js';
import { FailureText } from '../components/FailureText.js';
import { Text } from '../components/Text.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { followUpKeys, followUpLines, type FollowUpLine } from '../state/follow-up-view.js';
import { followUpAt, followUpsLoadKey, followUpsReducer, followUpsSaveKey, initialFollowUps, type FollowUpPlace } from '../state/follow-ups-state.js';
import { clampTop } from '../state/scroll-keys.js';

const TONES: Record<NonNullable<FollowUpLine['tone']>, { bold?: boolean; dimColor?: boolean; color?: string }> = {
  head: { bold: true },
  muted: { dimColor: true },
  warning: { color: 'yellow' },
  marked: { color: 'green' },
  unmarked: { color: 'yellow' },
  quoted: { color: 'cyan' },
};

/** The header and the status line; the follow-up's place takes its wrapped lines; the rest of the body scrolls. */
const FIXED_ROWS = 2;

/** Whose answer: the candidate and invitation, or "candidate hidden" when the queue is blind. */
const whoseText = ({ item }: FollowUpPlace): string =>
  item.candidateName !== undefined && item.invitationId !== undefined
    ? `${terminalLine(item.candidateName)} (invitation ${item.invitationId})`
    : 'candidate hidden';

/**
 * The test's authorship follow-ups to mark (issue 60 item 6, decision 1361), opened with `f` from the review screen:
 * one follow-up at a time — its question, the candidate's answer, refused pastes, its mark — with the rubric and the
 * code or text it asks about; 1/2/3 mark it (0 or u takes the mark back), saved by the queue's reference, so a blind
 * review stays blind.
 */
export const FollowUpsScreen = ({ testId, testName, blind }: { testId: number; testName: string; blind: boolean }) => {
  const { client } = useConnection();
  const { body } = useScreenSlot();
  const { state, send: dispatch, current } = useMachine(followUpsReducer, initialFollowUps(blind));

  useCall(
    followUpsLoadKey(state),
    (signal) => client.grading.followUps(testId, { blind: state.blind }, { signal }),
    (queue) => dispatch({ type: 'loaded', queue }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useCall(
    followUpsSaveKey(state),
    (signal) => {
      const pending = state.pending;
      if (!pending) throw new Error('nothing to save');
      return client.grading.markFollowUp(pending.reference, pending.position, pending.mark, { signal });
    },
    (marked) => dispatch({ type: 'marked', marked }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useChrome({ title: `Follow-ups of ${testName}`, hints: HINTS.followUps });

  const queue = state.queue;
  const place = followUpAt(queue, state.cursor);
  const width = Math.max(20, body.columns - 1);
  const lines = queue && place ? followUpLines(queue, place, width) : [];
  const where =
    queue && place
      ? wrapLines(
          `Follow-up ${state.cursor + 1} of ${place.total} · answer ${place.itemIndex + 1} of ${queue.items.length} · ${whoseText(place)} · question ${place.item.questionId}`,
          width,
        )
      : [];
  const visible = Math.max(3, body.rows - FIXED_ROWS - where.length);
  const top = clampTop(state.top, lines.length, visible);
  const maxTop = Math.max(0, lines.length - visible);
  useScreenKeys((stroke) => applyDecision(followUpKeys(current(), stroke, top, maxTop), dispatch));

  const shownBlind = queue?.blind ?? state.blind;
  return (
    <Box flexDirection="column">
      <Box>
        <Box flexGrow={1}>
          <Text wrap="truncate-end">
            <Text bold>{testName}</Text> · follow-ups{shownBlind ? ' · blind' : ''} <Text dimColor>(b blind)</Text>
          </Text>
        </Box>
        <Box flexShrink={0}>
          <Text color="green">{queue ? ` ${queue.markedCount} of ${queue.followUpsCount} marked` : ''}</Text>
        </Box>
      </Box>
      {state.phase === 'loading' && !queue ? <Text dimColor>Loading the follow-ups…</Text> : null}
      {queue && !place ? <Text wrap="wrap">No follow-ups to mark: no answer of this test was asked any.</Text> : null}
      {queue && place ? (
        <>
          {where.map((line, index) => (
            <Text key={`w${index}`} wrap="truncate-end">
              {line}
            </Text>
          ))}
          <Box flexDirection="column" height={visible} overflow="hidden">
            {lines.slice(top, top + visible).map((line, index) => (
              <Text key={top + index} wrap="truncate-end" {...(line.tone ? TONES[line.tone] : {})}>
                {line.text === '' ? ' ' : line.text}
              </Text>
            ))}
          </Box>
        </>
      ) : null}
      {state.failure ? (
        <FailureText failure={state.failure} />
      ) : state.phase === 'saving' ? (
        <Text dimColor>Saving…</Text>
      ) : state.saved ? (
        <Text color="green">✓ {state.saved}</Text>
      ) : lines.length > visible ? (
        <Text dimColor>{`lines ${top + 1}–${Math.min(lines.length, top + visible)} of ${lines.length} (↑↓ scroll)`}</Text>
      ) : null}
    </Box>
  );
};
