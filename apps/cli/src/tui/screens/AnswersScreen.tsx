import type { QuestionDetail, ReportDetails } from '@assay/domain/report';
import { languageName } from '@assay/domain/languages';
import { Box } from 'ink';
import { FailureText } from '../components/FailureText.js';
import { Text } from '../components/Text.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { answersKeys, answersReducer, initialAnswers, type AnswersState } from '../state/answers-state.js';
import { evidenceTop } from '../state/evidence-view.js';
import { clampTop } from '../state/scroll-keys.js';
import { frameView, playbackStates } from '../state/playback-view.js';
import { questionLine, signalEventLines, signalsText, variantLines } from '../state/question-evidence.js';
import { answerLines, type AnswerLine, type AnswerTone } from '../../format/answer-lines.js';
import { skillsLine } from '../../format/skills-text.js';
import { initialRemote, remoteCallKey, remoteReducer } from '../state/remote-state.js';

/** A coding question's history, one frame at a time: when, how much changed, and the code then (scrolled). */
const Playback = ({
  question,
  state,
  rows,
  width,
}: {
  question: QuestionDetail;
  state: Extract<AnswersState, { mode: 'playback' }>;
  rows: number;
  width: number;
}) => {
  const playback = question.coding?.playback;
  const view = frameView(playback, playbackStates(playback), state.frame);
  // The language as people read it ("C++", not `cpp`), as the PDF and the workbook name it (decision 753).
  const language = question.coding?.language;
  const title = `Q${question.number} ${language ? languageName(language) : ''} · ${signalsText(question.signals)}`;
  if (!view) {
    return (
      <Box flexDirection="column">
        <Text bold wrap="truncate-end">
          {title}
        </Text>
        <Text dimColor wrap="wrap">
          No playback recorded: this answer was saved before code history was kept (or never typed in). The code as submitted:
        </Text>
        {(question.coding?.code ?? '(no code)')
          .split('\n')
          .slice(0, Math.max(1, rows - 3))
          .map((line, index) => (
            <Text key={index} wrap="truncate-end">
              {line === '' ? ' ' : line}
            </Text>
          ))}
      </Box>
    );
  }
  // Title, frame line and the position line under the code.
  const visible = Math.max(1, rows - 3);
  const top = clampTop(state.top, view.lines.length, visible);
  const gutter = String(view.lines.length).length;
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {title}
      </Text>
      <Text wrap="truncate-end">
        Frame <Text bold>{view.index + 1}</Text> of {view.count} · {view.at} ({view.since}) · <Text color="cyan">{view.change}</Text>
      </Text>
      {view.lines.slice(top, top + visible).map((line, index) => {
        const number = top + index + 1;
        const changed = number >= view.touched.from && number <= view.touched.to;
        return (
          <Text key={number} wrap="truncate-end">
            <Text color={changed ? 'cyan' : undefined} dimColor={!changed}>
              {String(number).padStart(gutter)}
              {changed ? '▌' : ' '}
            </Text>
            {line === '' ? ' ' : line}
          </Text>
        );
      })}
      <Text dimColor wrap="truncate-end">
        lines {top + 1}–{Math.min(view.lines.length, top + visible)} of {view.lines.length}
        {width >= 60 ? ' · ▌ marks the lines this frame changed' : ''}
      </Text>
    </Box>
  );
};

/** How each tone of an answer is drawn: the key's outcome in green, red and yellow, code by token class. */
const TONES: Record<AnswerTone, { color?: string; dimColor?: boolean; bold?: boolean }> = {
  plain: {},
  heading: { bold: true },
  dim: { dimColor: true },
  gutter: { dimColor: true },
  right: { color: 'green' },
  wrong: { color: 'red' },
  missed: { color: 'yellow' },
  keyword: { color: 'magenta' },
  string: { color: 'green' },
  number: { color: 'cyan' },
  comment: { color: 'gray' },
};

const AnswerRow = ({ line }: { line: AnswerLine }) => (
  <Text wrap="truncate-end">
    {line.length === 0 || line.every((span) => span.text === '')
      ? ' '
      : line.map((span, index) => (
          <Text key={index} {...TONES[span.tone]}>
            {span.text}
          </Text>
        ))}
  </Text>
);

/** One question with the candidate's answer, its marks, grade and signals, scrolled by the lines it takes at this width. */
const AnswerView = ({
  question,
  state,
  count,
  rows,
  width,
}: {
  question: QuestionDetail;
  state: Extract<AnswersState, { mode: 'answer' }>;
  count: number;
  rows: number;
  width: number;
}) => {
  const lines = answerLines(question, width);
  // The position line under the answer.
  const visible = Math.max(1, rows - 1);
  const top = clampTop(state.top, lines.length, visible);
  return (
    <Box flexDirection="column">
      {lines.slice(top, top + visible).map((line, index) => (
        <AnswerRow key={top + index} line={line} />
      ))}
      <Text dimColor wrap="truncate-end">
        {lines.length > visible ? `lines ${top + 1}–${Math.min(lines.length, top + visible)} of ${lines.length} · ` : ''}
        question {Math.min(state.selected, count - 1) + 1} of {count}
        {question.type === 'coding' ? ' · p: how this code was written' : ''}
      </Text>
    </Box>
  );
};

/**
 * The variant lines, the skill-wise points once the report is generated (never 0 % before a score; only when the test
 * names skills apart from its sections), then one line per question (time and signals), the highlighted one's events.
 */
const QuestionList = ({ details, selected, rows }: { details: ReportDetails; selected: number; rows: number }) => {
  const variant = variantLines(details);
  const skills = details.status.reportStatus === 'Generated' ? skillsLine(details) : null;
  const { questions } = details;
  const index = Math.min(selected, questions.length - 1);
  const events = signalEventLines(questions[index]?.signals).slice(0, 3);
  // The variant, the skills, a blank line, the events under the list and a position line.
  const visible = Math.max(1, rows - variant.length - (skills ? 1 : 0) - 2 - events.length - 1);
  const top = evidenceTop(index, questions.length, Math.min(visible, questions.length));
  return (
    <Box flexDirection="column">
      {variant.map((line, lineIndex) => (
        <Text key={lineIndex} wrap="wrap" dimColor={!details.variant}>
          {line}
        </Text>
      ))}
      {skills ? (
        <Text wrap="truncate-end">
          <Text bold>Skills:</Text> {skills}
        </Text>
      ) : null}
      <Text> </Text>
      {questions.length === 0 ? <Text dimColor>No questions in this report.</Text> : null}
      {questions.slice(top, top + visible).map((question, offset) => (
        <Text key={question.questionId} wrap="truncate-end" inverse={top + offset === index}>
          {questionLine(question)}
        </Text>
      ))}
      {events.map((line, lineIndex) => (
        <Text key={lineIndex} dimColor wrap="truncate-end">
          {'  '}
          {line}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        {questions.length > visible ? `${top + 1}–${Math.min(questions.length, top + visible)} of ${questions.length} · ` : ''}
        {questions[index]?.type === 'coding' ? 'Enter: the answer · p: step through how this code was written' : 'Enter: the answer, its marks and grade'}
      </Text>
    </Box>
  );
};

/**
 * An attempt's answers (issue 34, items 2–5; issue 50, item 3): which questions the candidate was asked and in what
 * order, each question's marks, time, pastes, large insertions and first keystroke; each answer as given (options
 * against the key, the written text, the code highlighted with its hidden tests) with its grade; and a coding
 * answer's playback frame by frame. Everything comes from the report's `/details`; nothing here scores.
 */
export const AnswersScreen = ({ testInvitationId }: { testInvitationId: number }) => {
  const { client } = useConnection();
  const { body } = useScreenSlot();
  const { state: remote, send: dispatch } = useMachine(remoteReducer<ReportDetails>, initialRemote<ReportDetails>);
  const { state, send, current } = useMachine(answersReducer, initialAnswers);
  useCall(
    remoteCallKey(remote, `answers:${testInvitationId}`),
    (signal) => client.reports.details(testInvitationId, { signal }),
    (value) => dispatch({ type: 'loaded', value }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useChrome({
    title: `Answers of invitation ${testInvitationId}`,
    hints: state.mode === 'list' ? HINTS.answers : state.mode === 'answer' ? HINTS.answer : HINTS.playback,
  });
  const questions = remote.value?.questions ?? [];
  useScreenKeys((stroke) =>
    applyDecision(answersKeys(current(), questions, stroke), (event) => (event.type === 'reload' ? dispatch({ type: 'reload' }) : send(event))),
  );

  if (!remote.value) {
    return remote.phase === 'failed' ? (
      <FailureText failure={remote.failure} hint="(r to retry)" />
    ) : (
      <Text dimColor>Loading the answers of {testInvitationId}…</Text>
    );
  }
  const question = questions[Math.min(state.selected, questions.length - 1)];
  return (
    <Box flexDirection="column">
      {state.mode === 'playback' && question ? (
        <Playback question={question} state={state} rows={body.rows} width={body.columns} />
      ) : state.mode === 'answer' && question ? (
        <AnswerView question={question} state={state} count={questions.length} rows={body.rows} width={body.columns} />
      ) : (
        <QuestionList details={remote.value} selected={state.selected} rows={body.rows} />
      )}
      {remote.phase === 'failed' ? <FailureText failure={remote.failure} hint="(r to retry)" /> : null}
    </Box>
  );
};
