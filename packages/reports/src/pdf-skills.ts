import { formatScore, shownSkillsOf, type ReportDetails } from '@assay/domain';
import { INK, LEFT, MUTED, NEGATIVE, WIDTH, heading, put, type Cursor, type Doc } from './pdf-layout.js';
import { drawTable, type Cell } from './pdf-table.js';

/** The most skills page 1 lists; the rest are counted in a line (decision 927). */
export const FIRST_PAGE_SKILLS = 12;

/** Page 1's compact Skills table (issue 52): each skill's points of its maximum and share, in the details' order. */
export const drawSkills = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  const skills = shownSkillsOf(details);
  if (skills.length === 0) return;
  const listed = skills.slice(0, FIRST_PAGE_SKILLS);
  cursor.ensure(20 + 18 + 16 * Math.min(3, listed.length));
  heading(doc, cursor, 'Skills');
  const rows = listed.map((skill): Cell[] => {
    const share = skill.maxPoints > 0 ? skill.points / skill.maxPoints : 0;
    return [
      { text: skill.skill },
      { text: formatScore(skill.points), color: skill.points < 0 ? NEGATIVE : INK, bold: true },
      { text: formatScore(skill.maxPoints) },
      { text: `${Math.round(skill.percentage)}%`, bar: share },
      { text: skill.awaitingReview > 0 ? `${skill.questions} (${skill.awaitingReview} awaiting review)` : String(skill.questions), color: MUTED },
    ];
  });
  drawTable(
    doc,
    cursor,
    [
      { header: 'Skill' },
      { header: 'Points', width: 48, align: 'right' },
      { header: 'Max', width: 40, align: 'right' },
      { header: 'Share', width: 96 },
      { header: 'Questions', width: 140, align: 'right' },
    ],
    rows,
  );
  const more = skills.length - listed.length;
  const note =
    more > 0
      ? `${more} more skill${more === 1 ? '' : 's'} in the report details and the workbook. A question counts under each skill it names.`
      : 'A question counts under each skill it names (without skills, under its section), so skills may overlap.';
  cursor.ensure(14);
  put(doc, note, LEFT, cursor.y + 4, WIDTH, { size: 7.5, color: MUTED });
  cursor.y += 14;
};
