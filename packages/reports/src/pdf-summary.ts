import { languageName } from '@assay/domain/languages';
import { formatScore, type QuestionDetail, type ReportDetails } from '@assay/domain';
import { displayDuration } from './format.js';
import { drawCards } from './pdf-cards.js';
import { drawFacts } from './pdf-facts.js';
import {
  ACCENT,
  BOLD,
  INK,
  LEFT,
  MUTED,
  NEGATIVE,
  POSITIVE,
  RULE,
  TOP,
  WARNING,
  WIDTH,
  heading,
  hline,
  put,
  putWrapped,
  type Cursor,
  type Doc,
} from './pdf-layout.js';
import { drawTable, type Cell } from './pdf-table.js';
import { drawSkills } from './pdf-skills.js';
import { drawFeedback } from './pdf-feedback.js';
import { drawRecorded } from './pdf-recorded.js';

/** How a question went, in a word or two, and the colour it is shown in. */
export const outcomeOf = (question: QuestionDetail): { text: string; color: string } => {
  if (!question.answered) return { text: 'Not answered', color: MUTED };
  if (question.awarded === null) return { text: 'Not scored yet', color: MUTED };
  if (question.written?.marking === 'awaiting_review') return { text: 'Awaiting review', color: WARNING };
  const tests = question.coding?.hiddenTests;
  if (question.coding) {
    if (!tests) return { text: 'Not run', color: MUTED };
    const color = tests.passed === tests.total ? POSITIVE : tests.passed > 0 ? WARNING : NEGATIVE;
    return { text: `${tests.passed}/${tests.total} tests passed`, color };
  }
  if (question.awarded >= question.marks) return { text: 'Correct', color: POSITIVE };
  if (question.awarded > 0) return { text: 'Partly correct', color: WARNING };
  return { text: 'Wrong', color: NEGATIVE };
};

/** `+2 / 2`, `−1 / 2`, `– / 2` before scoring or while awaiting review. */
export const marksText = (question: QuestionDetail): string => {
  const max = formatScore(question.marks);
  // An answer awaiting review has no marks yet (the machine's 0 stands in for them until a person grades it).
  if (question.awarded === null || question.written?.marking === 'awaiting_review') return `– / ${max}`;
  const sign = question.awarded > 0 ? '+' : question.awarded < 0 ? '\u2212' : '';
  return `${sign}${formatScore(Math.abs(question.awarded))} / ${max}`;
};

export const typeText = (question: QuestionDetail): string =>
  question.type === 'single_choice'
    ? 'Single choice'
    : question.type === 'multiple_choice'
      ? 'Multiple choice'
      : question.type === 'short_answer'
        ? 'Short answer'
        : question.type === 'free_text'
          ? 'Free text'
          : `Coding (${question.coding ? languageName(question.coding.language) : 'code'})`;

/** Who and which test: the name, the address and the test name wrapped whole (the footer alone shortens the name). */
const drawHeader = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  put(doc, 'CANDIDATE REPORT', LEFT, TOP, WIDTH * 0.6, { font: BOLD, size: 8, color: MUTED });
  put(doc, 'Assay', LEFT, TOP - 2, WIDTH, { font: BOLD, size: 12, color: ACCENT, align: 'right' });
  put(doc, `Invitation ${details.testInvitationId}`, LEFT, TOP + 13, WIDTH, { size: 8, color: MUTED, align: 'right' });
  cursor.y = TOP + 16;
  cursor.y += putWrapped(doc, details.candidate.fullName, LEFT, cursor.y, WIDTH - 110, { font: BOLD, size: 20, lineHeight: 25 });
  cursor.y += putWrapped(doc, details.candidate.emailId, LEFT, cursor.y + 1, WIDTH, { size: 10, color: MUTED, lineHeight: 13 }) + 3;
  // A practice attempt says so where the test is named, so the PDF is never taken for a result to hire on (decision 961).
  const testName = details.test.practiceTest ? `${details.test.testName} (practice test)` : details.test.testName;
  cursor.y += putWrapped(doc, testName, LEFT, cursor.y, WIDTH, { font: BOLD, size: 11, lineHeight: 15 });
  cursor.y += 6;
  hline(doc, LEFT, LEFT + WIDTH, cursor.y);
  cursor.y += 12;
};

const timeCell = (seconds: number | null, unknown = 'not recorded'): Cell =>
  seconds === null ? { text: unknown, color: MUTED } : { text: displayDuration(seconds) };

const drawSections = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  heading(doc, cursor, 'Sections');
  const rows = details.sections.map((section): Cell[] => {
    const share = section.maxScore > 0 ? section.score / section.maxScore : 0;
    return [
      { text: section.sectionName },
      { text: formatScore(section.score), color: section.score < 0 ? NEGATIVE : INK, bold: true },
      { text: formatScore(section.maxScore) },
      { text: `${Math.round(Math.max(0, share) * 100)}%`, bar: share },
      timeCell(section.timeSpentSeconds),
      { text: section.suggestedMinutes > 0 ? `${section.suggestedMinutes} min` : '–', color: MUTED },
    ];
  });
  drawTable(
    doc,
    cursor,
    [
      { header: 'Section' },
      { header: 'Score', width: 48, align: 'right' },
      { header: 'Max', width: 40, align: 'right' },
      { header: 'Share', width: 96 },
      { header: 'Time spent', width: 76, align: 'right' },
      { header: 'Suggested', width: 64, align: 'right' },
    ],
    rows,
    'No sections',
  );
  cursor.y += 14;
};

const drawGlance = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  if (details.questions.length === 0) return;
  cursor.ensure(20 + 18 + 16 * Math.min(3, details.questions.length));
  heading(doc, cursor, 'Questions at a glance');
  const rows = details.questions.map((question): Cell[] => {
    const outcome = outcomeOf(question);
    return [
      { text: `Q${question.number}`, bold: true },
      { text: question.sectionName, color: MUTED },
      { text: typeText(question) },
      { text: outcome.text, color: outcome.color },
      { text: marksText(question), color: (question.awarded ?? 0) < 0 ? NEGATIVE : INK },
      timeCell(question.timeSpentSeconds, '–'),
    ];
  });
  drawTable(
    doc,
    cursor,
    [
      { header: '#', width: 34 },
      { header: 'Section' },
      { header: 'Type', width: 118 },
      { header: 'Result', width: 104 },
      { header: 'Marks', width: 56, align: 'right' },
      { header: 'Time', width: 66, align: 'right' },
    ],
    rows,
  );
  cursor.ensure(14);
  put(doc, 'Time: while the question was in front of the candidate (before question views: alone in its section); – not recorded.', LEFT, cursor.y + 4, WIDTH, {
    size: 7.5,
    color: MUTED,
  });
  cursor.y += 14;
};

/** The first page: who, which test, the decision's numbers (score, percentile, verdict, integrity), what the team recorded, the sections, the skills when questions name them, every question in one line, and the candidate's feedback when given. */
export const drawSummary = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  drawHeader(doc, cursor, details);
  drawCards(doc, cursor, details);
  cursor.y += 14;
  drawRecorded(doc, cursor, details);
  drawFacts(doc, cursor, details);
  hline(doc, LEFT, LEFT + WIDTH, cursor.y, RULE);
  cursor.y += 12;
  drawSections(doc, cursor, details);
  drawSkills(doc, cursor, details);
  drawGlance(doc, cursor, details);
  drawFeedback(doc, cursor, details);
};
