import { skillKeyOf, skillScoresOf, type SkillQuestion } from '@assay/domain';
import { AWAITING_REVIEW_CELL } from './questions-sheet.js';
import type { CellValue, QuestionColumn } from './workbook-rows.js';

/**
 * The Questions sheet's skill columns (issue 52, decision 928): after every question column, a score and a max column
 * per skill the test names, so the sheet's existing columns keep their places. A test whose questions name no skill
 * has none (its skills would be its sections, already on the Candidates sheet).
 */
export const skillsOfColumns = (columns: readonly QuestionColumn[]): string[] => {
  if (!columns.some((column) => column.named)) return [];
  const skills = new Map<string, string>();
  for (const column of columns) for (const skill of column.skills ?? []) if (!skills.has(skillKeyOf(skill))) skills.set(skillKeyOf(skill), skill);
  return [...skills.values()];
};

export const skillHeadings = (skills: readonly string[]): string[] => skills.flatMap((skill) => [`Skill · ${skill} · score`, `Skill · ${skill} · max`]);

export const skillWidths = (skills: readonly string[]): number[] => skills.flatMap(() => [14, 10]);

/**
 * A row's skill cells from its question cells (a coding question's three, the others' one): each asked question's
 * marks under each of its skills, as `/details` adds them (`skillScoresOf`); an empty cell is a question not asked or
 * not scored, an answer awaiting review counts 0 until graded. Empty cells for a skill none of whose questions counted.
 */
export const skillCells = (columns: readonly QuestionColumn[], skills: readonly string[], cells: readonly CellValue[] | null): CellValue[] => {
  if (skills.length === 0) return [];
  const counted: SkillQuestion[] = [];
  let at = 0;
  for (const column of columns) {
    const cell = cells?.[at];
    at += column.coding ? 3 : 1;
    if (typeof cell === 'number' || cell === AWAITING_REVIEW_CELL) {
      counted.push({ skills: column.skills, sectionName: '', marks: column.marks, points: typeof cell === 'number' ? cell : 0 });
    }
  }
  const scores = new Map(skillScoresOf(counted).map((score) => [skillKeyOf(score.skill), score]));
  return skills.flatMap((skill) => {
    const score = scores.get(skillKeyOf(skill));
    return score ? [score.points, score.maxPoints] : [null, null];
  });
};
