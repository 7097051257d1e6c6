import type { ReviewItem } from '@assay/domain/report';
import { Box } from 'ink';
import { wrapLines } from '../../format/wrap-lines.js';
import { FailureText } from '../components/FailureText.js';
import { Text } from '../components/Text.js';
import { TextField } from '../components/TextField.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { reviewFollowUpKeys, reviewKeys, reviewTranscriptKeys } from '../state/review-keys.js';
import {
  REVIEW_PAGE_SIZE,
  currentItem,
  draftMarks,
  gradeBody,
  inComment,
  initialReview,
  positionOf,
  reviewLoadFrom,
  reviewLoadKey,
  reviewReducer,
  reviewSaveKey,
  type ReviewState,
} from '../state/review-state.js';

/** Lines of the body that are not the answer: the header lines, the question's, the marks, comment and status lines. */
const FIXED_ROWS = 9;
/** The question is shown in at most this many lines (cut with …): the answer is what the screen is for. */
const QUESTION_ROWS = 3;

/** "1 mark", "2 marks"; "1 word", "15 words". */
const counted = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The question with its number and marks in front, wrapped as one text so that no line runs past the width. */
const questionLines = (item: ReviewItem, width: number): string[] => {
  const lines = wrapLines(`Q${item.questionId} (${counted(item.question.marks, 'mark')}) ${item.question.text}`, width);
  return lines.length <= QUESTION_ROWS ? lines : [...lines.slice(0, QUESTION_ROWS - 1), `${lines[QUESTION_ROWS - 1]} …`];
};

const Marks = ({ state, item, active }: { state: ReviewState; item: ReviewItem; active: boolean }) => {
  const { draft } = state;
  const total = draftMarks(item, draft);
  if (item.question.rubric.length === 0) {
    const focused = state.focus === 0;
    return (
      <Text>
        <Text bold={focused} color={focused ? 'cyan' : undefined}>
          {focused ? '› ' : '  '}Marks{' '}
        </Text>
        <TextField input={{ value: draft.marks, caret: [...draft.marks].length }} focus={active && focused} placeholder="0" /> of {item.question.marks}
      </Text>
    );
  }
  // One criterion a line: on one line a rubric of long criteria ran past the width and hid the last ones' marks.
  return (
    <Box flexDirection="column">
      {item.question.rubric.map((criterion, index) => {
        const focused = state.focus === index;
        const value = draft.criteria[index] ?? '';
        return (
          <Text key={criterion.criterion} wrap="truncate-middle">
            <Text bold={focused} color={focused ? 'cyan' : undefined}>
              {focused ? '› ' : '  '}
              {criterion.criterion}{' '}
            </Text>
            <TextField input={{ value, caret: [...value].length }} focus={active && focused} placeholder="·" />/{criterion.marks}
          </Text>
        );
      })}
      <Text>
        {'  '}= <Text bold>{Number.isNaN(total) ? '—' : String(total)}</Text> of {item.question.marks}
      </Text>
    </Box>
  );
};

const GradeLine = ({ item }: { item: ReviewItem }) =>
  item.grade ? (
    <Text dimColor wrap="truncate-end">
      Graded {item.grade.marks} of {item.question.marks} by {item.grade.gradedBy.label} at {item.grade.gradedAt.replace('T', ' ')}
    </Text>
  ) : (
    <Text color="yellow">Awaiting a grade</Text>
  );

export const ReviewScreen = ({ testId, testName }: { testId: number; testName: string }) => {
  const { client } = useConnection();
  const { active, body, open } = useScreenSlot();
  const { state, send: dispatch, current } = useMachine(reviewReducer, initialReview);

  useCall(
    reviewLoadKey(state),
    (signal) =>
      client.grading.queue(
        testId,
        { by: state.by, blind: state.blind, page_no: state.pageNo, page_size: REVIEW_PAGE_SIZE, from: reviewLoadFrom(state) },
        { signal },
      ),
    (queue) => dispatch({ type: 'loaded', queue }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useCall(
    reviewSaveKey(state),
    async (signal) => {
      const item = currentItem(state);
      const grade = item && gradeBody(item, state.draft);
      if (!item || !grade || 'label' in grade) throw new Error('nothing to save');
      // By the queue's reference, blind or not: one way to grade, and the blind screen never holds an invitation id.
      return client.grading.gradeByReference(item.reference, grade, { signal });
    },
    (recorded) => dispatch({ type: 'graded', grade: recorded.grade }),
    (failure) => dispatch({ type: 'failed', failure }),
  );

  const item = currentItem(state);
  const width = Math.max(20, body.columns - 2);
  const question = item ? questionLines(item, width) : [];
  // A rubric's criteria and its total take the marks line's place, one line each.
  const rubricRows = item ? item.question.rubric.length : 0;
  const answerRows = Math.max(3, body.rows - FIXED_ROWS - question.length - rubricRows);
  const answer = item ? wrapLines(item.answer.text, width) : [];
  const maxScroll = Math.max(0, answer.length - answerRows);
  const scroll = Math.min(state.scroll, maxScroll);

  const typing = state.phase === 'ready' && item !== undefined && inComment(state);
  useChrome({ title: `Review ${testName}`, hints: typing ? HINTS.reviewComment : HINTS.review, typing });
  useScreenKeys(
    (stroke) =>
      applyDecision(reviewTranscriptKeys(current(), stroke), dispatch, (asked) => open(asked.open)) ||
      applyDecision(reviewFollowUpKeys(current(), stroke, { testId, testName }), dispatch, (asked) => open(asked.open)) ||
      applyDecision(reviewKeys(current(), stroke, maxScroll), dispatch),
  );

  const queue = state.queue;
  const progress = queue ? `${queue.gradedCount} of ${queue.itemsCount} graded` : '';
  // A blind-reviewer key's queue is blind whatever was asked: the queue says which it is.
  const blind = queue?.blind ?? state.blind;
  const mode = `by ${state.by}${blind ? ' · blind' : ''}`;
  return (
    <Box flexDirection="column">
      <Box>
        <Box flexGrow={1}>
          <Text wrap="truncate-end">
            <Text bold>{testName}</Text> · {mode} <Text dimColor>(b blind · o order)</Text>
          </Text>
        </Box>
        <Box flexShrink={0}>
          <Text color="green"> {progress}</Text>
        </Box>
      </Box>
      {state.phase === 'loading' && !item ? <Text dimColor>Loading the review queue…</Text> : null}
      {queue && queue.itemsCount === 0 ? <Text>Nothing to grade: no written answer of this test awaits a person.</Text> : null}
      {item && queue ? (
        <>
          <Text wrap="truncate-end">
            Answer {positionOf(state)} of {queue.itemsCount} ·{' '}
            {item.candidate && item.testInvitationId !== null ? (
              `invitation ${item.testInvitationId} · ${item.candidate.fullName} <${item.candidate.email}>`
            ) : (
              <Text dimColor>candidate hidden</Text>
            )}
          </Text>
          {question.map((line, index) => (
            <Text key={`q${index}`} bold wrap="truncate-end">
              {line}
            </Text>
          ))}
          <Text dimColor wrap="truncate-end">
            ── Answer, {counted(item.answer.words, 'word')}
            {maxScroll > 0 ? ` · lines ${scroll + 1}–${Math.min(answer.length, scroll + answerRows)} of ${answer.length} (↑↓ scroll)` : ''}
          </Text>
          <Box flexDirection="column" height={answerRows} overflow="hidden">
            {answer.slice(scroll, scroll + answerRows).map((line, index) => (
              <Text key={`a${scroll + index}`} wrap="truncate-end">
                {line === '' ? ' ' : line}
              </Text>
            ))}
          </Box>
          <Marks state={state} item={item} active={active && state.phase === 'ready'} />
          <Box>
            <Text bold={typing} color={typing ? 'cyan' : undefined}>
              {typing ? '› ' : '  '}Comment{' '}
            </Text>
            <TextField
              input={{ value: state.draft.comment, caret: state.draft.caret }}
              focus={active && typing}
              placeholder="optional"
              width={Math.max(12, width - 12)}
            />
          </Box>
          {state.phase === 'saving' ? (
            <Text dimColor>Saving…</Text>
          ) : state.failure ? null : state.saved ? (
            <Text color="green">✓ {state.saved}</Text>
          ) : (
            <GradeLine item={item} />
          )}
        </>
      ) : null}
      {state.failure ? <FailureText failure={state.failure} /> : null}
    </Box>
  );
};
