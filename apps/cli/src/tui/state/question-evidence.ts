import type { QuestionDetail, ReportDetails } from '@assay/domain/report';

/**
 * What the page reported of each question (issue 34, items 3–5), in words a reviewer reads beside the question: its
 * time, its pastes and large insertions by size, the first keystroke, and which questions this candidate was asked.
 * Evidence, never a verdict: nothing here scores.
 */

const count = (value: number, one: string, many = `${one}s`): string => `${value.toLocaleString('en')} ${value === 1 ? one : many}`;

/** "4 min 12 s", "35 s", or "not recorded" (a question of a section with several, taken before question views). */
export const durationText = (seconds: number | null): string => {
  if (seconds === null) return 'time not recorded';
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${seconds} s` : `${minutes} min ${seconds % 60} s`;
};

/** "2 pastes (1,204 chars) · 1 large insertion (300 chars) · first key after 35 s"; what the page never reported is said so. */
export const signalsText = (signals: QuestionDetail['signals']): string => {
  if (!signals) return 'no paste or typing signals reported';
  const insertedChars = signals.events.filter((event) => event.kind === 'insertion').reduce((sum, event) => sum + event.chars, 0);
  const parts = [
    signals.pastes === 0 ? 'no pastes' : `${count(signals.pastes, 'paste')} (${count(signals.pastedChars, 'char')})`,
    signals.largeInsertions === 0
      ? null
      : `${count(signals.largeInsertions, 'large insertion')}${insertedChars > 0 ? ` (${count(insertedChars, 'char')} listed)` : ''}`,
    signals.secondsToFirstKeystroke === null ? null : `first key after ${durationText(signals.secondsToFirstKeystroke)}`,
  ];
  return parts.filter((part) => part !== null).join(' · ');
};

/** The pastes and large insertions one by one, largest first: "paste 10:04:12, 840 chars in 22 lines". */
export const signalEventLines = (signals: QuestionDetail['signals']): string[] =>
  [...(signals?.events ?? [])]
    .sort((a, b) => b.chars - a.chars)
    .map(
      (event) =>
        `${event.kind === 'paste' ? 'paste' : 'large insertion'} ${event.at.slice(11, 19)}, ${count(event.chars, 'char')} in ${count(event.lines, 'line')}`,
    );

const TYPE_NAMES: Record<QuestionDetail['type'], string> = {
  single_choice: 'choice',
  multiple_choice: 'choices',
  coding: 'coding',
  short_answer: 'short',
  free_text: 'written',
};

/** The marks in a row of the list: "3/5", or "–/5" before the attempt is scored. */
const shortMarks = ({ awarded, marks }: QuestionDetail): string => `${awarded === null ? '–' : awarded}/${marks}`;

/** One question in the list: "Q3 coding 3/5 · 4 min 12 s · 1 paste (840 chars) · first key after 35 s". */
export const questionLine = (question: QuestionDetail): string =>
  `Q${question.number} ${TYPE_NAMES[question.type]} ${shortMarks(question)} · ${durationText(question.timeSpentSeconds)} · ${signalsText(question.signals)}`;

/**
 * The variant (issue 34, item 5) as lines over the question list: each pooled or shuffled section ("Basics: 3 of 6
 * drawn, questions and options shuffled"), then the questions asked in the order shown. A test that asks everyone the
 * same has no variant: one line says so.
 */
export const variantLines = (details: Pick<ReportDetails, 'variant' | 'questions'>): string[] => {
  const { variant } = details;
  if (!variant) return ['Same questions, same order for every candidate (no pool or shuffling).'];
  const sections = variant.sections.map((section) => {
    const shuffled = [section.shuffleQuestions ? 'questions' : null, section.shuffleOptions ? 'options' : null].filter((part) => part !== null);
    const drawn = section.asked < section.poolSize ? `${section.asked} of ${section.poolSize} drawn` : `all ${section.poolSize} asked`;
    return `${section.sectionName}: ${drawn}${shuffled.length > 0 ? `, ${shuffled.join(' and ')} shuffled` : ''}`;
  });
  const numberOf = new Map(details.questions.map((question) => [question.questionId, question.number]));
  const order = variant.questionIds.map((id) => (numberOf.has(id) ? `Q${numberOf.get(id)} #${id}` : `#${id}`)).join(', ');
  return [
    `Variant: ${sections.join(' · ')}`,
    variant.seed === null ? 'Not started: no draw yet (the first questions stand in).' : `Asked in this order: ${order} (seed ${variant.seed})`,
  ];
};
