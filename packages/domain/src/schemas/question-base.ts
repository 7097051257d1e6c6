import { z } from 'zod';
import { multiLineText } from './text-fields.js';
import { QuestionSkills } from './question-skills.js';

/** A question's marks (and negative marks): 0 to 1000, decimals allowed. */
export const Marks = z.number().min(0).max(1000);

/** How the API document and the definition's JSON Schema name the one text format (docs/question-text.md). */
export const QUESTION_TEXT_FORMAT =
  'The question text format, a Markdown subset: paragraphs (a line break is kept), **bold**, *italic*, `code`, fenced code blocks, bulleted and numbered lists, and links to http, https and mailto addresses. Anything else, HTML included, is shown as written. See docs/question-text.md.';

/** What every question type has: its text, its marks, what a wrong answer costs, and the skills it tests. */
export const QuestionBase = {
  text: multiLineText('text', 20_000, { description: `The question's text. ${QUESTION_TEXT_FORMAT}` }),
  marks: Marks.default(1),
  /** Subtracted for a wrong answer; an unanswered question scores 0. */
  negativeMarks: Marks.default(0),
  /** What the question tests (issue 52); absent: its section's name. */
  skills: QuestionSkills,
};
