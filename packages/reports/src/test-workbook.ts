import type { EventEmitter } from 'node:events';
import type ExcelJS from 'exceljs';
import type { TestDetails } from '@assay/domain';
import { ATTEMPTED_ON_COLUMN, CANDIDATE_WIDTHS, candidateCells, candidateHeadings } from './candidates-sheet.js';
import {
  QUESTIONS_LEADING_COLUMNS,
  VARIANT_COLUMNS,
  columnPositions,
  questionHeadings,
  questionWidths,
  questionsRowOfTexts,
  timeHeadings,
} from './questions-sheet.js';
import { FlowControl } from './workbook-flow.js';
import type { CellValue, ItemAnalysisSheet, QuestionsHeader, TimesHeader, WorkbookInput } from './workbook-rows.js';
import { DataRowWriter } from './sheet-row-xml.js';
import { CANDIDATES_SHEET, ITEM_ANALYSIS_SHEET, QUESTIONS_SHEET, TIMES_SHEET, dataSheet, writeSectionsSheet, writeTestSheet } from './workbook-sheets.js';
import { ITEM_ANALYSIS_HEADINGS, ITEM_ANALYSIS_WIDTHS, itemAnalysisRowsOf } from './item-analysis-sheet.js';
import { XlsxZip } from './xlsx-zip.js';
import { WorkbookWriter } from './exceljs-writer.js';
import { skillCells, skillHeadings, skillWidths, skillsOfColumns } from './skills-columns.js';

type Writer = ExcelJS.stream.xlsx.WorkbookWriter;

/** What exceljs' WorkbookWriter keeps of its zip and output, and its two parts added at construction. */
interface WriterInternals {
  zip: EventEmitter & { abort(): void };
  stream: unknown;
  promise: Promise<unknown>;
  addThemes(): Promise<void>;
  addOfficeRels(): Promise<void>;
}

/**
 * The workbook writes its parts into an XlsxZip on `output` instead of the archiver its constructor made (decision
 * 421). That archiver, given no output, took only the theme and the package's relationships, into a buffer nobody
 * reads: it is stopped, and the two parts are added again to the zip that replaces it, before any sheet.
 */
const withOwnZip = (workbook: Writer, output: NodeJS.WritableStream): XlsxZip => {
  const internals = workbook as unknown as WriterInternals;
  internals.zip.on('error', () => {});
  internals.zip.abort();
  const zip = new XlsxZip(output, workbook.created);
  internals.zip = zip as unknown as WriterInternals['zip'];
  internals.stream = output;
  internals.promise = Promise.all([internals.addThemes(), internals.addOfficeRels()]);
  return zip;
};

/** Lines of the Questions sheet's heading row: a question's heading wraps (`Q3 · 2 marks · Reverse a string…`). */
const QUESTION_HEADING_LINES = 3;

const questionsSheet = (workbook: Writer, header: QuestionsHeader | undefined): ExcelJS.Worksheet => {
  const columns = header?.columns ?? [];
  const skills = skillsOfColumns(columns);
  const widths = [16, 34, 28, ...questionWidths(columns), ...skillWidths(skills)];
  const headings = [...QUESTIONS_LEADING_COLUMNS, ...questionHeadings(columns), ...skillHeadings(skills)];
  return dataSheet(workbook, QUESTIONS_SHEET, headings, widths, QUESTION_HEADING_LINES);
};

const timesSheet = (workbook: Writer, header: TimesHeader | undefined): ExcelJS.Worksheet => {
  const columns = header?.columns ?? [];
  const variant = header?.variants ? VARIANT_COLUMNS : { headings: [], widths: [] };
  return dataSheet(
    workbook,
    TIMES_SHEET,
    [...QUESTIONS_LEADING_COLUMNS, ...variant.headings, ...timeHeadings(columns)],
    [16, 34, 28, ...variant.widths, ...columns.map(() => 18)],
    QUESTION_HEADING_LINES,
  );
};

/**
 * The Candidates sheet from the candidate rows, then the Questions sheet from the header and the rows that follow
 * them (a streamed sheet is written whole before the next one starts, so the rows come in that order). The Questions
 * sheet never has more rows than the Candidates sheet: a row more fails the export.
 */
const writeRowSheets = async (workbook: Writer, test: TestDetails, rows: AsyncIterable<WorkbookInput>, flow: FlowControl): Promise<void> => {
  const candidates = dataSheet(workbook, CANDIDATES_SHEET, candidateHeadings(test), CANDIDATE_WIDTHS);
  const candidateRows = new DataRowWriter(candidates, ATTEMPTED_ON_COLUMN);
  let candidateCount = 0;
  let questions: ExcelJS.Worksheet | undefined;
  let questionRows: DataRowWriter | undefined;
  let questionColumns: QuestionsHeader['columns'] = [];
  let skills: string[] = [];
  let positions = new Map<number, number>();
  let questionCount = 0;
  let times: ExcelJS.Worksheet | undefined;
  let timeRows: DataRowWriter | undefined;
  let timesHeader: TimesHeader | undefined;
  let timeCount = 0;
  let analysis: ItemAnalysisSheet | undefined;
  for await (const row of rows) {
    if (analysis) throw new Error('A row came after the item analysis.');
    if (!('kind' in row) || row.kind === 'candidate-cells') {
      if (questions) throw new Error('A candidate row came after the Questions sheet had started.');
      candidateRows.write('kind' in row ? row.cells : candidateCells(test, row));
      candidateCount += 1;
      await flow.afterRow(candidates);
    } else if (row.kind === 'questions-header') {
      if (questions) throw new Error('The Questions sheet started twice.');
      candidateRows.flush();
      candidates.commit();
      questions = questionsSheet(workbook, row);
      questionRows = new DataRowWriter(questions);
      questionColumns = row.columns;
      skills = skillsOfColumns(questionColumns);
      positions = columnPositions(questionColumns);
    } else if (row.kind === 'times-header') {
      if (!questions || !questionRows || times) throw new Error('The Time per question sheet started out of order.');
      questionRows.flush();
      questions.commit();
      times = timesSheet(workbook, row);
      timesHeader = row;
      timeRows = new DataRowWriter(times);
    } else if (row.kind === 'item-analysis') {
      analysis = row;
    } else if (row.kind === 'times-row') {
      if (!times || !timeRows) throw new Error('A Time per question row came before its sheet started.');
      if ((timeCount += 1) > candidateCount) throw new Error('The Time per question sheet has more rows than the Candidates sheet.');
      const values: CellValue[] = [row.testInvitationId, row.emailId, row.fullName];
      if (timesHeader?.variants) values.push(row.shown ?? null, row.seed ?? null);
      if (row.cells) for (const cell of row.cells) values.push(cell);
      timeRows.write(values);
      await flow.afterRow(times);
    } else {
      if (!questions || !questionRows || times) throw new Error('A Questions row came before the Questions sheet started (or after it ended).');
      if ((questionCount += 1) > candidateCount) throw new Error('The Questions sheet has more rows than the Candidates sheet.');
      const cells = row.kind === 'questions-texts' ? questionsRowOfTexts(questionColumns, positions, row).cells : row.cells;
      const values: CellValue[] = [row.testInvitationId, row.emailId, row.fullName];
      if (cells) for (const cell of cells) values.push(cell);
      // The skill columns follow the question columns, which a never-started row leaves empty (decision 928).
      if (cells && skills.length > 0) values.push(...skillCells(questionColumns, skills, cells));
      questionRows.write(values);
      await flow.afterRow(questions);
    }
  }
  if (!questions) {
    candidateRows.flush();
    candidates.commit();
    questions = questionsSheet(workbook, undefined);
  }
  if (!times) {
    questionRows?.flush();
    questions.commit();
    times = timesSheet(workbook, undefined);
  }
  timeRows?.flush();
  times.commit();
  writeItemAnalysisSheet(workbook, analysis);
};

/**
 * The Item analysis sheet: its heading row always; its rows when the feed sent the analysis (a feed may not), or the
 * one line saying why it was left out.
 */
const writeItemAnalysisSheet = (workbook: Writer, sheetRow: ItemAnalysisSheet | undefined): void => {
  const sheet = dataSheet(workbook, ITEM_ANALYSIS_SHEET, ITEM_ANALYSIS_HEADINGS, ITEM_ANALYSIS_WIDTHS);
  const writer = new DataRowWriter(sheet);
  if (sheetRow && 'leftOut' in sheetRow) writer.write([sheetRow.leftOut]);
  for (const question of sheetRow && 'analysis' in sheetRow ? sheetRow.analysis.questions : [])
    for (const cells of itemAnalysisRowsOf(question)) writer.write(cells);
  writer.flush();
  sheet.commit();
};

/**
 * Streams the test report workbook (spec 4.14) to `output`: sheets "Test" (field/value rows), "Sections" (one row per
 * test section), "Candidates" (one row per candidate, in iteration order, with a score and a max column per test
 * section matched by sectionName), "Questions" (the same candidates, a column of marks awarded per question, and a
 * coding question's language and hidden tests passed, then a score and a max column per skill when questions name
 * skills), "Time per question" (the same candidates, seconds per question) and "Item analysis" (a row per question and
 * version with its figures, and one per option of a choice question). Rows are committed as they are written and consumed one at a
 * time, so memory stays flat however many there are. Resolves once the output has finished (exceljs ends it).
 *
 * Rejects when the rows iterable throws, or the output errors or closes early. The output is then left unfinished
 * (not ended): the caller should destroy it so the receiver sees a failed transfer, not a truncated file.
 */
export async function writeTestWorkbook(output: NodeJS.WritableStream, test: TestDetails, rows: AsyncIterable<WorkbookInput>): Promise<void> {
  const workbook = new WorkbookWriter({ useSharedStrings: false, useStyles: true });
  workbook.creator = 'Assay';
  workbook.lastModifiedBy = 'Assay';
  const zip = withOwnZip(workbook, output);
  const flow = new FlowControl(output, zip);

  try {
    writeTestSheet(workbook, test);
    writeSectionsSheet(workbook, test);
    await writeRowSheets(workbook, test, rows, flow);
    await flow.race(workbook.commit());
  } catch (error) {
    // Stop the archive without ending the output: a truncated file must not look complete. The abandoned
    // archive's own later errors, if any, no longer matter.
    zip.unpipe();
    zip.on('error', () => {});
    zip.abort();
    throw error;
  } finally {
    flow.finish();
  }
}
