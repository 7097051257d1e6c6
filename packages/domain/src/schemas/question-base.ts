import { z } from 'zod';
import { multiLineText } from './text-fields.js';
import { QuestionSkills } from './question-skills.js';

/** A question's marks (and negative marks): 0 to 1000, decimals allowed. */
export const Marks = z.number().min(0).max(1000);

/** How the API document and the definition's JSON Schema name the one text format (docs/question-text.md). */
export const QUESTION_TEXT_FORMAT =
  'The question text format, a Markdown subset: paragraphs (a line break is kept), **bold**, *italic*, `code`, fenced code blocks, bulleted and numbered lists, and links to http, https and mailto addresses. Anything else, HTML included, is shown as written. See docs/question-text.md.';

/** A question's own name across a test's versions (issue 62 item 4; decision 1486): letters, digits, `.`, `_`, `-`. */
export const QuestionKey = z
  .string({ error: 'a question key must be text' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/, { error: 'a question key is 1 to 80 letters, digits, ".", "_" or "-", starting with a letter or digit' });

/** What every question type has: its text, its marks, what a wrong answer costs, and the skills it tests. */
export const QuestionBase = {
  text: multiLineText('text', 20_000, { description: `The question's text. ${QUESTION_TEXT_FORMAT}` }),
  marks: Marks.default(1),
  /** Subtracted for a wrong answer; an unanswered question scores 0. */
  negativeMarks: Marks.default(0),
  /** What the question tests (issue 52); absent: its section's name. */
  skills: QuestionSkills,
  key: QuestionKey.optional().meta({
    description:
      "The question's own name across the test's versions (docs/test-versions.md): a new version that keeps the key must keep what the question asks and accepts (options, answers, tests, marks); only its wording and skills may change. A question whose meaning changes takes a new key and names the old one in `reimplements`.",
  }),
  reimplements: QuestionKey.optional().meta({
    description: 'The key of the question of the current version this one replaces with a changed meaning: its statistics start again.',
  }),
};
