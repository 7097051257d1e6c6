import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReportDetails, codingTextOf, resultsTextOf } from '@assay/domain';
import { factQuestions, factSections, notStarted, reportFacts } from '../test/report-facts.js';
import { fromArray, jane, raj, readWorkbookFile, rowValues, sheetOf, workbookTest, writeWorkbookFile } from '../test/workbook-files.js';
import { codingTextCovers, columnPositions, questionHeadings, questionsHeaderOf, questionsRowOf, questionsRowOfTexts, shortText } from './questions-sheet.js';
import { writeTestWorkbook } from './test-workbook.js';
import type { WorkbookRow } from './workbook-rows.js';

const header = questionsHeaderOf(factSections, factQuestions);
const { columns } = header;

describe('questionsHeaderOf', () => {
  it('numbers the questions as the report does: section by section, whatever order they are stored in', () => {
    const details = buildReportDetails(reportFacts());
    expect(columns.map((column) => [column.number, column.questionId])).toEqual(details.questions.map((question) => [question.number, question.questionId]));
    expect(columns.map((column) => column.questionId)).toEqual([11, 12, 13]);
    expect(columns.map((column) => column.coding)).toEqual([false, false, true]);
  });
});

describe('question headings', () => {
  it('head a question with its number, marks and a short text, and a coding question with two more columns', () => {
    expect(questionHeadings(columns)).toEqual([
      'Q1 · 2 marks · Which HTTP status means "not found"?',
      'Q2 · 1 mark · Which methods are idempotent?',
      'Q3 · 5 marks · Write sum(numbers), which returns the s…',
      'Q3 language',
      'Q3 hidden tests passed',
    ]);
  });

  it('show the text in the question text format as plain text: no Markdown marks, HTML as written', () => {
    const column = { ...columns[0]!, text: '**Not Found** or `null`?\n\n- one\n- two' };
    expect(questionHeadings([column])).toEqual(['Q1 · 2 marks · Not Found or null?']);
    expect(questionHeadings([{ ...column, text: '- <b>first</b>\n- second' }])).toEqual(['Q1 · 2 marks · • <b>first</b>']);
  });

  it('shorten a text to its first line, spaces collapsed, cut with an ellipsis', () => {
    expect(shortText('\n  Reverse   a\tstring\nin place', 40)).toBe('Reverse a string');
    expect(shortText('Reverse a string in place', 16)).toBe('Reverse a strin…');
    expect(shortText('Reverse a string', 16)).toBe('Reverse a string');
    // Seven graphemes and the ellipsis: a vowel sign stays with its letter.
    expect(shortText('राम ने सीता को पुस्तक दी', 8)).toBe('राम ने सीता…');
    expect(shortText('', 8)).toBe('');
  });
});

describe('questionsRowOf', () => {
  it('takes marks, language and hidden tests from the report details, as the PDF shows them', () => {
    const row = questionsRowOf(columns, buildReportDetails(reportFacts()));
    expect(row).toEqual({
      kind: 'questions-row',
      testInvitationId: 7,
      emailId: 'ada@example.com',
      fullName: 'Ada Lovelace',
      cells: [-1, 0, 2.5, 'JavaScript', '1/2'],
    });
  });

  it('leaves marks and hidden tests empty until the attempt is scored', () => {
    const row = questionsRowOf(
      columns,
      buildReportDetails(reportFacts({ invitation: { ...reportFacts().invitation, reportStatus: 'Pending' }, results: new Map() })),
    );
    expect(row.cells).toEqual([null, null, null, 'JavaScript', null]);
  });

  it('shows no hidden tests for code that was not given, as the report does', () => {
    const row = questionsRowOf(columns, buildReportDetails(reportFacts({ answers: new Map([[13, { code: 'function sum(numbers) {}' }]]) })));
    expect(row.cells).toEqual([-1, 0, 2.5, 'JavaScript', null]);
  });

  it('gives a candidate who never started a row of empty cells', () => {
    const row = questionsRowOf(columns, buildReportDetails(reportFacts(notStarted)));
    expect(row).toMatchObject({ testInvitationId: 8, emailId: 'ada@example.com', cells: null });
  });

  it('refuses report details whose questions are not the columns’ questions', () => {
    const details = buildReportDetails(reportFacts());
    expect(() => questionsRowOf(columns, { ...details, questions: [...details.questions].reverse() })).toThrow(/Question 1 of the Questions sheet/);
  });
});

describe('questionsRowOfTexts', () => {
  const positions = columnPositions(columns);
  const facts = reportFacts();
  const results = resultsTextOf([...facts.results].map(([questionId, { marks, cases }]) => ({ questionId, marks, cases })));
  const textsRow = (coding: string) =>
    questionsRowOfTexts(columns, positions, {
      kind: 'questions-texts',
      testInvitationId: 7,
      emailId: 'ada@example.com',
      fullName: 'Ada Lovelace',
      results,
      coding,
    });

  it('makes of the texts scoring stored the row the report details give (decision 423)', () => {
    const coding = codingTextOf([{ questionId: 13, language: 'javascript', answered: true }]);
    expect(codingTextCovers(columns, positions, coding)).toBe(true);
    expect(textsRow(coding)).toEqual(questionsRowOf(columns, buildReportDetails(facts)));
  });

  it('shows no hidden tests for code that was not given, as the report does', () => {
    const details = buildReportDetails(reportFacts({ answers: new Map([[13, { code: 'function sum(numbers) {}' }]]) }));
    expect(textsRow(codingTextOf([{ questionId: 13, language: 'javascript', answered: false }]))).toEqual(questionsRowOf(columns, details));
  });

  it('is not for texts that leave a coding question out: the request thread reads those with the question', () => {
    expect(codingTextCovers(columns, positions, '')).toBe(false);
    expect(codingTextCovers(columns, positions, codingTextOf([{ questionId: 99, language: 'python', answered: true }]))).toBe(false);
  });
});

describe('the Questions sheet', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'assay-questions-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const scored = questionsRowOf(columns, buildReportDetails(reportFacts({ invitation: { ...reportFacts().invitation, id: jane.testInvitationId } })));
  const unstarted = questionsRowOf(
    columns,
    buildReportDetails(reportFacts({ ...notStarted, invitation: { ...notStarted.invitation!, id: raj.testInvitationId } })),
  );
  const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });

  it('has one row per candidate, in the Candidates sheet’s order: who, then a number of marks per question', async () => {
    const path = join(dir, 'questions.xlsx');
    await writeWorkbookFile(path, fromArray<WorkbookRow>([jane, raj, header, scored, unstarted]));
    const workbook = await readWorkbookFile(path);
    const questions = sheetOf(workbook, 'Questions');
    expect(questions.actualRowCount).toBe(sheetOf(workbook, 'Candidates').actualRowCount);
    expect(rowValues(questions, 1, 8)).toEqual(['testInvitationId', 'emailId', 'fullName', ...questionHeadings(columns)]);
    expect(rowValues(questions, 2, 8)).toEqual([1001, 'ada@example.com', 'Ada Lovelace', -1, 0, 2.5, 'JavaScript', '1/2']);
    expect(rowValues(questions, 3, 8)).toEqual([1002, 'ada@example.com', 'Ada Lovelace', null, null, null, null, null]);
    expect(questions.getRow(2).getCell(4).type).toBe(ExcelJS.ValueType.Number);
    expect(questions.getRow(2).getCell(8).type).toBe(ExcelJS.ValueType.String);
    expect(questions.getRow(1).getCell(4).font?.bold).toBe(true);
    expect(questions.getRow(1).getCell(4).alignment?.wrapText).toBe(true);
    expect(questions.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('has its headings alone when no header came (no questions known)', async () => {
    const path = join(dir, 'no-header.xlsx');
    await writeWorkbookFile(path, fromArray<WorkbookRow>([jane]));
    const questions = sheetOf(await readWorkbookFile(path), 'Questions');
    expect(questions.actualRowCount).toBe(1);
    expect(rowValues(questions, 1, 4)).toEqual(['testInvitationId', 'emailId', 'fullName', null]);
  });

  it('never has more rows than the Candidates sheet', async () => {
    const rows = fromArray<WorkbookRow>([jane, header, scored, unstarted]);
    await expect(writeTestWorkbook(sink(), workbookTest, rows)).rejects.toThrow(/more rows than the Candidates sheet/);
  });

  it('refuses rows out of order: a candidate after the header, a row before it, a second header', async () => {
    await expect(writeTestWorkbook(sink(), workbookTest, fromArray<WorkbookRow>([jane, header, raj]))).rejects.toThrow(/candidate row came after/);
    await expect(writeTestWorkbook(sink(), workbookTest, fromArray<WorkbookRow>([jane, scored]))).rejects.toThrow(/before the Questions sheet started/);
    await expect(writeTestWorkbook(sink(), workbookTest, fromArray<WorkbookRow>([jane, header, header]))).rejects.toThrow(/started twice/);
  });
});
