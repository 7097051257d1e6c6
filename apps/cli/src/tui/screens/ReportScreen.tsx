import { integritySummaryOfReport, integritySummaryText, type ReportDetails } from '@assay/domain/report';
import type { ReadReport } from '@assay/client';
import { attemptStatusText } from '@assay/domain/candidate';
import { recordedSummaryText } from '@assay/domain/invitations';
import type { SectionReport } from '@assay/domain/schemas';
import { timeViolationText, windowViolationsText } from '../../format/violations.js';
import { Box } from 'ink';
import { Text } from '../components/Text.js';
import { Bar } from '../components/Bar.js';
import { DownloadPanel, useDownload } from '../components/DownloadPanel.js';
import { EVIDENCE_FRAME_ROWS, EvidencePanel, useEvidenceReview } from '../components/EvidencePanel.js';
import { FailureText } from '../components/FailureText.js';
import { MoveLine, useInvitationMove } from '../components/InvitationMove.js';
import { ExtendLine, useExtendPrompt } from '../components/ExtendPrompt.js';
import { extendPromptKeys } from '../state/extend-prompt.js';
import type { MoveRequest } from '../state/invitation-moves.js';
import { columnsFor, Row } from '../components/Row.js';
import { StatusText } from '../components/StatusText.js';
import { IntegrityText } from '../components/IntegrityText.js';
import { HINTS } from '../hints.js';
import { useMay } from '../shell/capabilities-context.js';
import { useConnection } from '../shell/client-context.js';
import { applyDecision } from '../input/key-decision.js';
import { performWith } from '../shell/screen-effects.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { downloadKeys } from '../state/download-state.js';
import { evidencePickKeys, evidencePromptKeys } from '../state/evidence-review-state.js';
import { evidenceRows } from '../state/evidence-view.js';
import { offeredMoves } from '../state/invitation-moves.js';
import { initialRemote, remoteCallKey } from '../state/remote-state.js';
import { reportDataReducer } from '../state/report-data.js';
import { questionMarksLine, standingLine } from '../../format/standing-text.js';
import { pollDelayMs, reportWillChange, scoreViewOf, type ScoreView } from '../state/report-score.js';
import { evidenceOpenKeys, reportKeys } from '../state/screen-keys.js';
import { usePoll } from '../shell/use-poll.js';
import { shareLinkLine, type ShareLinkState } from '../state/share-link.js';
import { useState } from 'react';

interface ReportData {
  report: ReadReport;
  sections: SectionReport;
  /** What the PDF shows, as JSON: here, the integrity evidence and its reviews beside the raw signal. */
  details: ReportDetails;
}

/** Lines above the section table (name, status, blank, score, violations, integrity, blank, header) and one spare; a long integrity line takes more. */
const REPORT_FIXED_ROWS = 9;
/** What a move's outcome (a new URL and its note) or an export (blank line, prompt or progress, outcome) takes below. */
const BELOW_ROWS = 4;

const INTEGRITY_PREFIX = 'Integrity: ';

/** The per-question marks take at most two rows; the Answers screen (`v`) has every question. */
const MARKS_ROWS = 2;
const MARKS_PREFIX = 'Marks: ';

/** Rows a text wrapped at `columns` takes (near enough: Ink wraps at words, so one more is kept spare by the caller). */
const rowsOf = (text: string, columns: number) => Math.max(1, Math.ceil(text.length / Math.max(1, columns)));

/** The marks line cut to fit `MARKS_ROWS` rows at a question's boundary, saying where the rest is. */
const marksFitting = (line: string, columns: number): string => {
  const room = MARKS_ROWS * Math.max(1, columns) - MARKS_PREFIX.length - 2;
  if (line.length <= room) return line;
  const more = ' · … (v: all)';
  const cut = line.slice(0, room - more.length);
  return `${cut.slice(0, Math.max(0, cut.lastIndexOf(' · ')))}${more}`;
};

const fraction = (score: number, total: number) => (total > 0 ? score / total : 0);
const percent = (value: number) => `${Math.round(value * 100)}%`;

/** A section's marks so far, marked `~`, while the score is provisional (from `/details`, which has them); else "—". */
const provisionalSectionScore = (view: ScoreView, details: ReportDetails, index: number, name: string): string => {
  const section = details.sections[index];
  return view.kind === 'provisional' && section?.sectionName === name ? `~${section.score}` : '—';
};

const answers = (count: number) => `${count} answer${count === 1 ? '' : 's'}`;

/**
 * The score line: a bar only for a real score; the marks so far and "awaiting review" once the machine has scored and
 * answers await a grader; "scoring…" or "—" (and why) otherwise, never a 0 % bar.
 */
const ScoreLine = ({ view, barWidth }: { view: ScoreView; barWidth: number }) => {
  if (view.kind === 'provisional')
    return (
      <Text>
        Score <Text bold>{view.score}</Text> of {view.total} <Text color="cyan">provisional · awaiting review</Text>{' '}
        <Text dimColor>({answers(view.awaiting)} to grade)</Text>
      </Text>
    );
  if (view.kind === 'scoring')
    return (
      <Text>
        Score <Text color="cyan">scoring…</Text> <Text dimColor>(refreshes by itself)</Text>
      </Text>
    );
  if (view.kind === 'none')
    return (
      <Text>
        Score — <Text dimColor>({view.reason})</Text>
      </Text>
    );
  return (
    <Text>
      Score <Text bold>{view.score}</Text> of {view.total} <Bar fraction={fraction(view.score, view.total)} width={barWidth} color="green" />{' '}
      {percent(fraction(view.score, view.total))}
    </Text>
  );
};

/** How an extension finds the invitation's link (the report does not name it): its test's list, searched by the email. */
const lookupOf = (data: ReportData | null) => (data ? { testId: data.details.test.testId, q: data.report.emailId } : undefined);

export const ReportScreen = ({ testInvitationId }: { testInvitationId: number }) => {
  const { client } = useConnection();
  const { active, body, open } = useScreenSlot();
  const { state, send: dispatch, current } = useMachine(reportDataReducer<ReportData>, initialRemote<ReportData>);
  const moving = useInvitationMove(() => dispatch({ type: 'reload' }));
  // A saved review reads the report again at once, even while a refresh is under way (it may predate the save).
  const reviewing = useEvidenceReview(testInvitationId, () => dispatch({ type: 'changed' }));
  const exporting = useDownload((options) => client.reports.pdf(testInvitationId, options));
  const move = moving.state;
  const download = exporting.state;
  const extending = useExtendPrompt();
  const extendOpen = extending.state.phase === 'open';
  const [sharing, setSharing] = useState<ShareLinkState>({ phase: 'idle' });
  const mayShare = useMay()('share-reports');
  // `l`: a link for the default days, shown under the report (issue 61 item 4); the CLI's `assay share` chooses days.
  const shareKey = (stroke: Parameters<Parameters<typeof useScreenKeys>[0]>[0]) => {
    if (!mayShare || stroke.type !== 'char' || stroke.char !== 'l' || sharing.phase === 'making') return false;
    setSharing({ phase: 'making' });
    client.shares.create(testInvitationId).then(
      (made) => setSharing({ phase: 'made', url: made.url, expiresAt: made.expiresAt }),
      (error: unknown) => setSharing({ phase: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return true;
  };

  useCall(
    remoteCallKey(state, `report:${testInvitationId}`),
    async (signal) => {
      const [report, sections, details] = await Promise.all([
        client.reports.get(testInvitationId, { signal }),
        client.reports.sections(testInvitationId, { signal }),
        client.reports.details(testInvitationId, { signal }),
      ]);
      return { report, sections, details };
    },
    (value) => dispatch({ type: 'loaded', value }),
    (failure) => dispatch({ type: 'failed', failure }),
  );

  const data = state.value;
  usePoll(state.phase !== 'loading' && data !== null && reportWillChange(data.report), state.attempt, pollDelayMs, () => dispatch({ type: 'reload' }));
  // Only the moves the key's role may make (issue 50): a reviewer is offered no cancel or reattempt.
  const may = useMay();
  const mayMove = may('change-invitations');
  // Erasure is an admin key's (issue 51): offered by role, whatever the status.
  const mayErase = may('erase-candidates');
  const offered = [...(data && mayMove ? offeredMoves(data.report.testStatus) : []), ...(data && mayErase ? (['erase'] as const) : [])];
  const evidence = data ? evidenceRows(data.details.integrity, data.details.questions) : [];
  const naming = download.phase === 'naming';
  const noting = reviewing.state.phase !== 'browsing';
  useChrome({
    title: `Report ${testInvitationId}`,
    hints: extendOpen
      ? HINTS.extendPrompt
      : naming
        ? HINTS.naming
        : noting
          ? HINTS.evidenceNote
          : move.phase === 'confirming'
            ? HINTS.confirm
            : HINTS.report(offered, evidence.length > 0),
    typing: extendOpen || naming || noting,
    modal: extendOpen || naming || noting || move.phase === 'confirming',
  });
  // Extend asks for the new deadline first (no y/n: what is typed is the confirmation); the other moves are confirmed.
  const ask = (action: MoveRequest) => {
    const report = current().value?.report;
    if (action.move === 'extend')
      extending.send({ type: 'open', request: action, who: report ? `${report.fullName} (${testInvitationId})` : String(testInvitationId) });
    else moving.send({ type: 'ask', action, confirm: true });
  };

  // The note prompt takes every key before the rest; the evidence list's keys come after a move's (its `c` copies a new URL).
  const rowsNow = () => {
    const value = current().value;
    return value ? evidenceRows(value.details.integrity, value.details.questions) : [];
  };
  useScreenKeys(
    (stroke) =>
      applyDecision(extendPromptKeys(extending.current(), stroke), extending.send, ({ run }) => moving.send({ type: 'ask', action: run, confirm: false })) ||
      applyDecision(downloadKeys(exporting.current(), stroke), exporting.send) ||
      applyDecision(evidencePromptKeys(reviewing.current(), stroke), reviewing.send) ||
      moving.keys(stroke) ||
      applyDecision(
        evidenceOpenKeys(rowsNow()[Math.min(reviewing.current().selected, rowsNow().length - 1)], testInvitationId, stroke),
        () => {},
        performWith({ open }),
      ) ||
      applyDecision(evidencePickKeys(reviewing.current(), rowsNow(), stroke), reviewing.send) ||
      shareKey(stroke) ||
      applyDecision(
        reportKeys<ReportData>(
          mayMove ? current().value?.report.testStatus : undefined,
          testInvitationId,
          stroke,
          lookupOf(current().value),
          current().value?.report.fullName,
          mayErase,
        ),
        dispatch,
        performWith({ open, export: (path) => exporting.send({ type: 'start', path }), ask }),
      ),
  );

  const barWidth = Math.max(10, Math.min(30, body.columns - 50));
  const columns = columnsFor(body.columns, ['flex', 9, 9, barWidth + 2, 6], [1, 2, 4]);
  if (!data) {
    return (
      <Box flexDirection="column">
        {state.phase === 'failed' ? <FailureText failure={state.failure} hint="(r to retry)" /> : <Text dimColor>Loading report {testInvitationId}…</Text>}
      </Box>
    );
  }
  const { report, sections, details } = data;
  const score = scoreViewOf(report);
  const scored = score.kind === 'scored';
  // A move's or an export's lines below take room from the evidence list while they show.
  const shareLine = shareLinkLine(sharing);
  const below =
    (move.phase === 'idle' && download.phase === 'idle' && !extendOpen ? 0 : BELOW_ROWS) + (shareLine === null ? 0 : rowsOf(shareLine, body.columns));
  // The integrity summary (issue 48), wrapped whole rather than cut: a confirmed piece at its end is never hidden.
  const summary = integritySummaryOfReport(details);
  const integrityLine = `${INTEGRITY_PREFIX}${' '.repeat(10)} · ${integritySummaryText(summary)}`;
  const integrityRows = Math.max(1, Math.ceil(integrityLine.length / Math.max(1, body.columns)));
  // Percentile, verdict and extra time as the PDF shows them, and each question's marks (issue 50, item 3).
  const standing = standingLine(details);
  const marks = details.questions.length > 0 ? marksFitting(questionMarksLine(details), body.columns) : null;
  // What the hiring team recorded (issue 61 item 3, decision 1417): on the first screen, beside the score; no line
  // (and the evidence list keeps its row) while nothing is.
  const recordedText = details.recorded ? recordedSummaryText(details.recorded) : null;
  const recorded = recordedText === null ? null : `Recorded: ${recordedText}`;
  const factRows =
    rowsOf(standing, body.columns) +
    (recorded === null ? 0 : rowsOf(recorded, body.columns)) +
    (marks === null ? 0 : rowsOf(`${MARKS_PREFIX}${marks}`, body.columns));
  const evidenceVisible = body.rows - REPORT_FIXED_ROWS - (integrityRows - 1) - factRows - Math.max(1, sections.length) - EVIDENCE_FRAME_ROWS - below;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold>{report.fullName}</Text> &lt;{report.emailId}&gt; · {report.testName}
        {details.test.practiceTest ? <Text color="cyan"> · practice test</Text> : null}
      </Text>
      <Text>
        {report.endReason === 'terminated' ? (
          <Text color="yellow">{attemptStatusText({ ...report, iv: details.integrity.iv, terminatedBy: details.status.terminatedBy })}</Text>
        ) : (
          <StatusText status={report.testStatus} />
        )}{' '}
        · report <StatusText status={report.reportStatus} /> · attempted {report.attemptedOn ? `${report.attemptedOn.replace('T', ' ')} UTC` : 'not yet'} ·{' '}
        {report.timeTaken} of {report.duration} min
      </Text>
      <Text> </Text>
      <ScoreLine view={score} barWidth={barWidth} />
      <Text>
        Violations: <Text color={report.wv > 0 ? 'yellow' : undefined}>{windowViolationsText(report.wv)}</Text> ·{' '}
        <Text color={report.tv > 0 ? 'yellow' : undefined}>{timeViolationText(report.tv)}</Text>
      </Text>
      <Text wrap="wrap">
        {INTEGRITY_PREFIX}
        <IntegrityText level={summary.level} /> · {integritySummaryText(summary)}
      </Text>
      <Text wrap="wrap">{standing}</Text>
      {recorded === null ? null : <Text wrap="wrap">{recorded}</Text>}
      {marks === null ? null : (
        <Text wrap="wrap">
          {MARKS_PREFIX}
          {marks}
        </Text>
      )}

      <Text> </Text>
      <Row header columns={columns} cells={['SECTION', 'SCORE', 'MAX', '', '']} />
      {sections.map((entry, index) => (
        <Row
          key={index}
          columns={columns}
          cells={
            scored
              ? [
                  entry.sectionName,
                  String(entry.candidateScore),
                  String(entry.sectionScore),
                  <Bar fraction={fraction(entry.candidateScore, entry.sectionScore)} width={barWidth} color="cyan" />,
                  percent(fraction(entry.candidateScore, entry.sectionScore)),
                ]
              : [entry.sectionName, provisionalSectionScore(score, details, index, entry.sectionName), String(entry.sectionScore), '', '']
          }
        />
      ))}
      {sections.length === 0 ? <Text dimColor>No section scores yet.</Text> : null}
      <EvidencePanel
        rows={evidence}
        omitted={details.integrity.omittedEvents}
        unlistedPairs={details.integrity.omittedSimilarPairs ?? 0}
        state={reviewing.state}
        visible={evidenceVisible}
        width={body.columns}
        active={active}
      />
      {state.phase === 'failed' ? <FailureText failure={state.failure} hint="(r to retry)" /> : null}
      <MoveLine state={move} />
      <ExtendLine state={extending.state} width={body.columns} />
      <DownloadPanel state={download} width={body.columns} />
      {shareLine === null ? null : <Text wrap="wrap">{shareLine}</Text>}
    </Box>
  );
};
