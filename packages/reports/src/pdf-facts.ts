import { attemptStatusText, type ReportDetails } from '@assay/domain';
import { displayIso, displayMinutes } from './format.js';
import { LEFT, MUTED, WIDTH, linesOf, putWrapped, type Cursor, type Doc } from './pdf-layout.js';

/** `25% extra time: 37 min 30 s allowed` (the time allowed when the report knows it), or `None`. */
export const accommodationText = (details: ReportDetails): string => {
  const accommodation = details.integrity.accommodation;
  if (!accommodation) return 'None';
  const allowed = details.test.allowedSeconds;
  return `${accommodation.extraTimePercent}% extra time${allowed === undefined ? '' : `: ${displayMinutes(allowed)} allowed`}`;
};

/**
 * The variant a candidate of a test with pools or shuffling saw (issue 34): `HTTP: 3 of 6 drawn, questions and options
 * shuffled; Coding: as authored · seed 123`. The questions below are listed in the order they were shown, and each
 * question's options lettered as the candidate saw them.
 */
export const variantText = (variant: NonNullable<ReportDetails['variant']>): string => {
  const sections = variant.sections.map((section) => {
    const shuffled = [section.shuffleQuestions ? 'questions' : '', section.shuffleOptions ? 'options' : ''].filter(Boolean).join(' and ');
    const drawn = section.asked < section.poolSize ? `${section.asked} of ${section.poolSize} drawn` : '';
    const parts = [drawn, shuffled === '' ? '' : `${shuffled} shuffled`].filter(Boolean);
    return `${section.sectionName}: ${parts.length === 0 ? 'as authored' : parts.join(', ')}`;
  });
  return `${sections.join('; ')} · ${variant.seed === null ? 'not drawn yet' : `seed ${variant.seed}`}`;
};

/** The facts under the cards, in reading order (two columns, filled row by row). */
export const factsOf = (details: ReportDetails): [string, string][] => {
  const answered = details.questions.filter((question) => question.answered).length;
  return [
    [
      'Status',
      `${attemptStatusText({ ...details.status, wv: details.integrity.wv, iv: details.integrity.iv })} · report ${details.status.reportStatus.toLowerCase()}`,
    ],
    ['Questions answered', `${answered} of ${details.questions.length}`],
    ['Started', details.startedAt === null ? 'Not started' : displayIso(details.startedAt)],
    // Of the time this candidate was allowed (extra time included), never of the bare test duration.
    ['Time taken', `${details.timeTakenMinutes} min of ${displayMinutes(details.test.allowedSeconds ?? details.test.duration * 60)}`],
    ['Completed', details.completedAt === null ? 'Not completed' : displayIso(details.completedAt)],
    ['Accommodation', accommodationText(details)],
    ...(details.variant ? [['Variant', variantText(details.variant)] as [string, string]] : []),
  ];
};

const ROW = 15;
const LINE = 12.5;
const LABEL_WIDTH = 100;
const COLUMN_GAP = 24;
const LABEL = { size: 8.5, color: MUTED, lineHeight: LINE } as const;
const VALUE = { size: 9.5, lineHeight: LINE } as const;

/** Label and value beside each other, two facts a row; a row is as tall as its longest value wraps to, nothing is cut. */
export const drawFacts = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  const facts = factsOf(details);
  const column = (WIDTH - COLUMN_GAP) / 2;
  const linesIn = ([label, value]: [string, string]): number =>
    Math.max(linesOf(doc, label, LABEL_WIDTH, LABEL).length, linesOf(doc, value, column - LABEL_WIDTH, VALUE).length);
  for (let row = 0; row < facts.length; row += 2) {
    const pair = facts.slice(row, row + 2);
    const height = ROW + (Math.max(...pair.map(linesIn)) - 1) * LINE;
    cursor.ensure(height);
    pair.forEach(([label, value], index) => {
      const x = LEFT + index * (column + COLUMN_GAP);
      putWrapped(doc, label, x, cursor.y + 0.5, LABEL_WIDTH, LABEL);
      putWrapped(doc, value, x + LABEL_WIDTH, cursor.y, column - LABEL_WIDTH, VALUE);
    });
    cursor.y += height;
  }
  cursor.y += 8;
};
