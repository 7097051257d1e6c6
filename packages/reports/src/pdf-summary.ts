import { formatScore, MIN_ATTEMPTS_FOR_PERCENTILE, type QuestionDetail, type ReportDetails } from '@assay/domain';
import { displayDuration, displayIso, displayMinutes, ordinal } from './format.js';
import {
  ACCENT,
  BOLD,
  HEAD_FILL,
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

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** How a question went, in a word or two, and the colour it is shown in. */
export const outcomeOf = (question: QuestionDetail): { text: string; color: string } => {
  if (!question.answered) return { text: 'Not answered', color: MUTED };
  if (question.awarded === null) return { text: 'Not scored yet', color: MUTED };
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

/** `+2 / 2`, `−1 / 2`, `– / 2` before scoring. */
export const marksText = (question: QuestionDetail): string => {
  const max = formatScore(question.marks);
  if (question.awarded === null) return `– / ${max}`;
  const sign = question.awarded > 0 ? '+' : question.awarded < 0 ? '\u2212' : '';
  return `${sign}${formatScore(Math.abs(question.awarded))} / ${max}`;
};

export const typeText = (question: QuestionDetail): string =>
  question.type === 'single_choice'
    ? 'Single choice'
    : question.type === 'multiple_choice'
      ? 'Multiple choice'
      : `Coding (${question.coding?.language ?? 'code'})`;

const CARD_HEIGHT = 64;
const CARD_GAP = 10;

const card = (doc: Doc, x: number, y: number, width: number, label: string, value: string, detail: string, color = INK): void => {
  doc.save().roundedRect(x, y, width, CARD_HEIGHT, 4).fill(HEAD_FILL).restore();
  put(doc, label, x + 10, y + 8, width - 20, { size: 8, color: MUTED });
  put(doc, value, x + 10, y + 20, width - 20, { font: BOLD, size: 14, color });
  putWrapped(doc, detail, x + 10, y + 39, width - 20, { size: 7.5, color: MUTED, lineHeight: 9.5 });
};

const scoreCard = (details: ReportDetails): [string, string, string] =>
  details.status.reportStatus === 'Generated'
    ? [`${formatScore(details.score.score)} / ${formatScore(details.score.maxScore)}`, `${details.score.percent}% of the marks`, INK]
    : ['Not scored', `report ${details.status.reportStatus.toLowerCase()}`, MUTED];

const percentileCard = (details: ReportDetails): [string, string, string] => {
  if (details.percentile) return [ordinal(details.percentile.percentile), `percentile of ${plural(details.percentile.basedOn, 'completed attempt')}`, INK];
  if (details.status.reportStatus !== 'Generated') return ['–', 'once the report is scored', MUTED];
  return ['–', `not enough attempts yet (fewer than ${MIN_ATTEMPTS_FOR_PERCENTILE})`, MUTED];
};

const verdictCard = (details: ReportDetails): [string, string, string] => {
  if (details.verdict) return [details.verdict.label, `${formatScore(details.verdict.minPercent)}% or more`, ACCENT];
  if (details.status.reportStatus !== 'Generated') return ['–', 'once the report is scored', MUTED];
  return ['No band', 'below every band, or none set', MUTED];
};

const integrityCard = (details: ReportDetails): [string, string, string] => {
  const { wv, tv, snapshots } = details.integrity;
  const away = wv === 0 ? 'never left the test window' : `${displayDuration(tv)} away in total`;
  return [wv === 0 ? 'No departures' : plural(wv, 'departure'), `${away} · ${plural(snapshots.length, 'snapshot')}`, wv === 0 ? POSITIVE : WARNING];
};

const drawHeader = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  put(doc, 'CANDIDATE REPORT', LEFT, TOP, WIDTH * 0.6, { font: BOLD, size: 8, color: MUTED });
  put(doc, 'Assay', LEFT, TOP - 2, WIDTH, { font: BOLD, size: 12, color: ACCENT, align: 'right' });
  put(doc, `Invitation ${details.testInvitationId}`, LEFT, TOP + 13, WIDTH, { size: 8, color: MUTED, align: 'right' });
  cursor.y = TOP + 16;
  cursor.y += putWrapped(doc, details.candidate.fullName, LEFT, cursor.y, WIDTH - 110, { font: BOLD, size: 20, lineHeight: 25 });
  put(doc, details.candidate.emailId, LEFT, cursor.y + 1, WIDTH, { size: 10, color: MUTED });
  cursor.y += 16;
  cursor.y += putWrapped(doc, details.test.testName, LEFT, cursor.y, WIDTH, { font: BOLD, size: 11, lineHeight: 15 });
  cursor.y += 6;
  hline(doc, LEFT, LEFT + WIDTH, cursor.y);
  cursor.y += 12;
};

const drawCards = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  const width = (WIDTH - 3 * CARD_GAP) / 4;
  const cards: [string, [string, string, string]][] = [
    ['Score', scoreCard(details)],
    ['Percentile', percentileCard(details)],
    ['Verdict', verdictCard(details)],
    ['Integrity', integrityCard(details)],
  ];
  cards.forEach(([label, [value, detail, color]], index) => {
    card(doc, LEFT + index * (width + CARD_GAP), cursor.y, width, label, value, detail, color);
  });
  cursor.y += CARD_HEIGHT + 14;
};

const FACT_ROW = 15;

const drawFacts = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  const answered = details.questions.filter((question) => question.answered).length;
  const accommodation = details.integrity.accommodation;
  const facts: [string, string][] = [
    ['Status', `${details.status.testStatus} · report ${details.status.reportStatus.toLowerCase()}`],
    ['Questions answered', `${answered} of ${details.questions.length}`],
    ['Started', details.startedAt === null ? 'Not started' : displayIso(details.startedAt)],
    // Of the time this candidate was allowed (extra time included), never of the bare test duration.
    ['Time taken', `${details.timeTakenMinutes} min of ${displayMinutes(details.test.allowedSeconds ?? details.test.duration * 60)}`],
    ['Completed', details.completedAt === null ? 'Not completed' : displayIso(details.completedAt)],
    ['Accommodation', accommodation ? `${accommodation.extraTimePercent}% extra time` : 'None'],
  ];
  const column = (WIDTH - 24) / 2;
  facts.forEach(([label, value], index) => {
    const x = LEFT + (index % 2) * (column + 24);
    const y = cursor.y + Math.floor(index / 2) * FACT_ROW;
    put(doc, label, x, y + 0.5, 100, { size: 8.5, color: MUTED });
    put(doc, value, x + 100, y, column - 100, { size: 9.5 });
  });
  cursor.y += Math.ceil(facts.length / 2) * FACT_ROW + 8;
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
  put(doc, 'Time: known for a question alone in its section (the page reports section views); – not recorded.', LEFT, cursor.y + 4, WIDTH, {
    size: 7.5,
    color: MUTED,
  });
  cursor.y += 14;
};

/** The first page: who, which test, the decision's numbers (score, percentile, verdict, integrity), the sections, and every question in one line. */
export const drawSummary = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  drawHeader(doc, cursor, details);
  drawCards(doc, cursor, details);
  drawFacts(doc, cursor, details);
  hline(doc, LEFT, LEFT + WIDTH, cursor.y, RULE);
  cursor.y += 12;
  drawSections(doc, cursor, details);
  drawGlance(doc, cursor, details);
};
