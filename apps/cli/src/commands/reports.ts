import type { DownloadOptions, FileDownload } from '@assay/client';
import { saveToFile } from '@assay/client/node';
import type { CandidateReport, SectionReport } from '@assay/domain/schemas';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { fields, table } from '../format/table.js';
import { violationsText } from '../format/violations.js';
import { answerLines, lineText } from '../format/answer-lines.js';
import { questionMarksLine, standingLine } from '../format/standing-text.js';
import { skillsLine } from '../format/skills-text.js';
import type { ReportDetails } from '@assay/domain/report';
import { recordedSummaryText } from '@assay/domain/invitations';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';
import { progressReporter } from './progress.js';

export const reportText = (report: CandidateReport): string =>
  fields([
    ['Candidate', `${report.fullName} <${report.emailId}>`],
    ['Test', report.testName],
    ['Status', `${report.testStatus} (report ${report.reportStatus})`],
    ['Score', `${report.score} of ${report.totalScore}`],
    ['Attempted on', report.attemptedOn ?? 'not yet'],
    ['Time taken', `${report.timeTaken} of ${report.duration} min`],
    ['Violations', violationsText(report.wv, report.tv)],
  ]);

export const sectionsText = (sections: SectionReport): string =>
  sections.length === 0
    ? 'No section scores.'
    : table(
        ['SECTION', 'SCORE', 'MAX'],
        sections.map((entry) => [entry.sectionName, String(entry.candidateScore), String(entry.sectionScore)]),
      );

/** What the hiring team recorded (issue 61 item 3, decision 1413) as a field, or none while nothing is. */
export const recordedFields = (recorded: ReportDetails['recorded']): (readonly [string, string])[] => {
  const text = recorded ? recordedSummaryText(recorded) : null;
  return text === null ? [] : [['Recorded', text]];
};

/** How wide `--details` wraps written text: a terminal's width, or 100 columns in a pipe. */
const DETAILS_WIDTH = 100;

/**
 * `assay report ID --details` (issue 50, item 3): the report's facts, then every question with the candidate's
 * answer, marks, grade and signals — the TUI's Answers screen as text (format/answer-lines.ts).
 */
export const detailsText = (details: ReportDetails, width = DETAILS_WIDTH): string =>
  [
    fields([
      ['Candidate', `${details.candidate.fullName} <${details.candidate.emailId}>`],
      ['Test', details.test.testName],
      ['Status', `${details.status.testStatus} (report ${details.status.reportStatus})`],
      ['Score', `${details.score.score} of ${details.score.maxScore} (${details.score.percent}%)`],
      ['Standing', standingLine(details)],
      ['Marks', questionMarksLine(details) || 'no questions'],
      ...(skillsLine(details) === null ? [] : ([['Skills', skillsLine(details)!]] as const)),
      ...recordedFields(details.recorded),
    ]),
    ...details.questions.map((question) => answerLines(question, width).map(lineText).join('\n')),
  ].join('\n\n');

/** Saves a download, with a progress bar when a person is watching; a missing folder is a usage error. */
const download = async (
  io: CliIo,
  options: GlobalOptions,
  label: string,
  start: (download: DownloadOptions) => Promise<FileDownload>,
  path: string,
): Promise<void> => {
  const progress = progressReporter(io, options.json, label);
  let saved: Awaited<ReturnType<typeof saveToFile>>;
  let file: FileDownload;
  try {
    file = await start({ onProgress: progress.onProgress });
    saved = await saveToFile(file, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR' || code === 'ENOTDIR' || code === 'EEXIST') {
      throw new UsageError(`Cannot write ${path}: ${(error as Error).message}`);
    }
    throw error;
  } finally {
    progress.stop();
  }
  const result = { path: saved.path, bytes: saved.bytes, fileName: file.fileName, contentType: file.contentType };
  emit(io, options, result, () => `Saved ${saved.path} (${saved.bytes} bytes).`);
};

export const registerReports = (program: Command, io: CliIo): void => {
  withJson(
    program
      .command('report')
      .description("a candidate's report (4.11), its sections (4.12), every answer (--details) or its PDF (4.13)")
      .argument('<ID>', 'the testInvitationId', parseId)
      .option('--sections', 'the section report instead')
      .option('--details', 'every question with the answer, marks, grade and signals (--json: the details document)')
      .option('--pdf <FILE>', 'save the report as a PDF file'),
  ).action(
    act(io, async (io, options: GlobalOptions & { sections?: boolean; details?: boolean; pdf?: string }, id: number) => {
      if ([options.sections, options.details, options.pdf].filter(Boolean).length > 1)
        throw new UsageError('--sections, --details and --pdf do not go together.');
      const client = await connect(io, options.profile);
      if (options.pdf) return download(io, options, 'PDF', (settings) => client.reports.pdf(id, settings), options.pdf);
      if (options.sections) {
        const sections = await client.reports.sections(id);
        return emit(io, options, sections, () => sectionsText(sections));
      }
      if (options.details) {
        const details = await client.reports.details(id);
        const width = io.stdout.isTTY && io.stdout.columns ? io.stdout.columns : DETAILS_WIDTH;
        return emit(io, options, details, () => detailsText(details, width));
      }
      const report = await client.reports.get(id);
      emit(io, options, report, () => reportText(report));
    }),
  );

  withJson(
    program
      .command('export')
      .description("the test's report as an Excel workbook (4.14)")
      .argument('<TEST_ID>', 'the test', parseId)
      .requiredOption('--excel <FILE>', 'where to save the .xlsx file'),
  ).action(
    act(io, async (io, options: GlobalOptions & { excel: string }, testId: number) => {
      const client = await connect(io, options.profile);
      await download(io, options, 'Excel', (settings) => client.reports.excel(testId, settings), options.excel);
    }),
  );
};
