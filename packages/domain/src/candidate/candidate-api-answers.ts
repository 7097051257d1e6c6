import { z } from 'zod';
import { CodingLanguage } from '../schemas/coding-language.js';
import { candidateCode, plainText, unionError } from '../schemas/text-fields.js';
import { normaliseNewlines } from '../text/control-characters.js';
import { AnswerDrafts } from './answer-drafts.js';
import { MAX_TEXT_ANSWER_LENGTH } from './written-answer.js';

/** When the candidate made the answer (their server-synced clock): lets an answer made before the deadline arrive a little after it. */
const editedAt = z.iso.datetime({ offset: true, error: 'editedAt must be an ISO-8601 date-time' }).check(plainText('editedAt')).optional();

/** The language of a coding answer or run; left out, the question's first language. One the question does not accept is refused. */
export const answerLanguage = CodingLanguage.optional();

/**
 * A written answer's text, as typed: line breaks and tabs stay (CRLF becomes LF); control and bidirectional control
 * characters are refused like in every text field; at most MAX_TEXT_ANSWER_LENGTH characters.
 */
const answerText = z
  .string({ error: 'text must be a string' })
  .overwrite(normaliseNewlines)
  .max(MAX_TEXT_ANSWER_LENGTH, { error: `text must be at most ${MAX_TEXT_ANSWER_LENGTH} characters` })
  .check(plainText('text', 'lines'));

/** The most characters of code an answer or a run may have: the page says it by the editor. */
export const MAX_CODE_ANSWER_LENGTH = 100_000;

/**
 * `PUT /candidate/v1/{token}/answers/{questionId}`: options for choice questions, code (its language, and the code left
 * in the question's other languages) for coding ones, text for written ones. A PUT replaces the answer whole: drafts
 * left out are none.
 */
export const AnswerInput = z
  .union(
    [
      z.object({ optionIds: z.array(z.int().nonnegative()).max(20), editedAt }).strict(),
      z
        .object({
          code: candidateCode(MAX_CODE_ANSWER_LENGTH),
          language: answerLanguage,
          /** The code left in the question's other languages (decision 1124); left out: none. */
          drafts: AnswerDrafts.optional(),
          editedAt,
        })
        .strict(),
      z.object({ text: answerText, editedAt }).strict(),
    ],
    {
      error: unionError(
        'send { "optionIds": [ ... ] } for a choice question, { "code": "...", "language": "python" } for a coding question or { "text": "..." } for a short_answer or free_text question',
      ),
    },
  )
  .meta({ id: 'AnswerBody' });
export type AnswerInput = z.infer<typeof AnswerInput>;

/** What saving an answer answers. `savedAt` is the server's clock at the save: a page may re-sync its countdown with it. */
export const AnswerSaved = z.object({ questionId: z.int(), savedAt: z.string() });
export type AnswerSaved = z.infer<typeof AnswerSaved>;
