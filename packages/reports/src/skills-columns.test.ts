import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromArray, jane, raj, readWorkbookFile, rowValues, sheetOf, writeWorkbookFile } from '../test/workbook-files.js';
import { AWAITING_REVIEW_CELL, questionHeadings } from './questions-sheet.js';
import { skillCells, skillsOfColumns } from './skills-columns.js';
import type { QuestionColumn, WorkbookRow } from './workbook-rows.js';

const column = (number: number, marks: number, skills: string[], named = true, coding = false): QuestionColumn => ({
  number,
  questionId: 100 + number,
  marks,
  text: `Question ${number}`,
  coding,
  skills,
  named,
});

const columns = [column(1, 2, ['SQL', 'Joins']), column(2, 5, ['sql'], true, true), column(3, 3, ['Habits'], false)];

describe("the Questions sheet's skill columns (issue 52)", () => {
  it('names each skill once, as first spelt, and none when no question names a skill', () => {
    expect(skillsOfColumns(columns)).toEqual(['SQL', 'Joins', 'Habits']);
    expect(skillsOfColumns([column(1, 2, ['Aptitude'], false), column(2, 1, ['Coding'], false)])).toEqual([]);
  });

  it("adds each asked question's marks under its skills; empty cells for a question not asked, awaiting review counts 0", () => {
    const skills = skillsOfColumns(columns);
    // Q1 −1 of 2, Q2 (coding: marks, language, tests) 5 of 5, Q3 not asked.
    expect(skillCells(columns, skills, [-1, 5, 'JavaScript', '2/2', null])).toEqual([4, 7, -1, 2, null, null]);
    expect(skillCells(columns, skills, [AWAITING_REVIEW_CELL, null, null, null, 3])).toEqual([0, 2, 0, 2, 3, 3]);
  });

  it('writes them after every question column of the Questions sheet', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'assay-skills-'));
    try {
      const path = join(dir, 'skills.xlsx');
      const rows: WorkbookRow[] = [
        jane,
        raj,
        { kind: 'questions-header', columns },
        { kind: 'questions-row', testInvitationId: jane.testInvitationId, emailId: 'jane@example.com', fullName: 'Jane', cells: [2, 0, 'Python', '0/2', 3] },
        { kind: 'questions-row', testInvitationId: raj.testInvitationId, emailId: 'raj@example.com', fullName: 'Raj', cells: null },
      ];
      await writeWorkbookFile(path, fromArray(rows));
      const sheet = sheetOf(await readWorkbookFile(path), 'Questions');
      const width = 3 + 5 + 6;
      expect(rowValues(sheet, 1, width)).toEqual([
        'testInvitationId',
        'emailId',
        'fullName',
        ...questionHeadings(columns),
        'Skill · SQL · score',
        'Skill · SQL · max',
        'Skill · Joins · score',
        'Skill · Joins · max',
        'Skill · Habits · score',
        'Skill · Habits · max',
      ]);
      expect(rowValues(sheet, 2, width).slice(8)).toEqual([2, 7, 2, 2, 3, 3]);
      expect(rowValues(sheet, 3, width).slice(3)).toEqual(Array.from({ length: width - 3 }, () => null));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
