import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ItemAnalysis, ItemAnalysisRow } from '@assay/domain/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromArray, jane, readWorkbookFile, rowValues, sheetOf, writeWorkbookFile } from '../test/workbook-files.js';
import { ITEM_ANALYSIS_HEADINGS, itemAnalysisRowsOf } from './item-analysis-sheet.js';
import type { WorkbookRow } from './workbook-rows.js';

const choice: ItemAnalysisRow = {
  number: 1,
  questionId: 41,
  version: 'a1b2c3d4e5f6',
  type: 'single_choice',
  sectionName: 'Aptitude',
  attempts: 30,
  exposures: 32,
  facility: 0.6,
  discrimination: -0.21,
  upperLowerIndex: -0.25,
  medianTimeSeconds: 41.5,
  timedAttempts: 29,
  options: [
    { option: 0, text: 'Right', correct: true, chosen: 18, share: 0.6, upperShare: 0.5, lowerShare: 0.75, flags: [] },
    { option: 1, text: 'Nobody', correct: false, chosen: 0, share: 0, upperShare: 0, lowerShare: 0, flags: ['unpicked-distractor'] },
  ],
  flags: ['negative-discrimination', 'unpicked-distractor'],
};
const coding: ItemAnalysisRow = {
  ...choice,
  number: 2,
  questionId: 42,
  type: 'coding',
  sectionName: 'Coding',
  attempts: 3,
  facility: 0.9,
  discrimination: null,
  upperLowerIndex: null,
  medianTimeSeconds: null,
  timedAttempts: 0,
  options: null,
  flags: ['too-few-attempts'],
};
const analysis: ItemAnalysis = { testId: 31, scoredAttempts: 30, minAttempts: 10, questions: [choice, coding] };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'assay-item-sheet-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the Item analysis sheet', () => {
  it('gives a question its figures and each option of a choice question a row of its own', () => {
    expect(itemAnalysisRowsOf(choice)).toEqual([
      [
        1,
        41,
        'a1b2c3d4e5f6',
        'single_choice',
        'Aptitude',
        null,
        null,
        null,
        30,
        32,
        0.6,
        -0.21,
        -0.25,
        41.5,
        29,
        null,
        null,
        null,
        null,
        'negative-discrimination, unpicked-distractor',
      ],
      [1, 41, 'a1b2c3d4e5f6', 'single_choice', 'Aptitude', 'A', 'Right', 'yes', 30, null, null, null, null, null, null, 18, 0.6, 0.5, 0.75, null],
      [1, 41, 'a1b2c3d4e5f6', 'single_choice', 'Aptitude', 'B', 'Nobody', 'no', 30, null, null, null, null, null, null, 0, 0, 0, 0, 'unpicked-distractor'],
    ]);
    expect(itemAnalysisRowsOf(coding)).toHaveLength(1);
  });

  it('is the workbook’s last sheet, written from the analysis that follows the rows', async () => {
    const path = join(dir, 'analysed.xlsx');
    const rows: WorkbookRow[] = [jane, { kind: 'questions-header', columns: [] }, { kind: 'times-header', columns: [] }, { kind: 'item-analysis', analysis }];
    await writeWorkbookFile(path, fromArray(rows));
    const workbook = await readWorkbookFile(path);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Test', 'Sections', 'Candidates', 'Questions', 'Time per question', 'Item analysis']);
    const sheet = sheetOf(workbook, 'Item analysis');
    expect(sheet.actualRowCount).toBe(5);
    expect(rowValues(sheet, 1, ITEM_ANALYSIS_HEADINGS.length)).toEqual([...ITEM_ANALYSIS_HEADINGS]);
    expect(rowValues(sheet, 2, 20)).toEqual(itemAnalysisRowsOf(choice)[0]);
    expect(rowValues(sheet, 4, 8)).toEqual([1, 41, 'a1b2c3d4e5f6', 'single_choice', 'Aptitude', 'B', 'Nobody', 'no']);
    expect(rowValues(sheet, 5, 5)).toEqual([2, 42, 'a1b2c3d4e5f6', 'coding', 'Coding']);
  });

  it('says in one line where to read an analysis the export left out', async () => {
    const path = join(dir, 'left-out.xlsx');
    const leftOut = 'This test has 20100 invitations: the workbook carries item analysis up to 2000.';
    await writeWorkbookFile(path, fromArray([jane, { kind: 'item-analysis', leftOut }]));
    const sheet = sheetOf(await readWorkbookFile(path), 'Item analysis');
    expect(sheet.actualRowCount).toBe(2);
    expect(rowValues(sheet, 2, 2)).toEqual([leftOut, null]);
  });

  it('refuses a row after the analysis: the sheet order is fixed', async () => {
    const rows: WorkbookRow[] = [{ kind: 'item-analysis', analysis }, jane];
    await expect(writeWorkbookFile(join(dir, 'late.xlsx'), fromArray(rows))).rejects.toThrow('A row came after the item analysis.');
  });
});
