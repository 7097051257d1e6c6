import { z } from 'zod';
import { ok, refuse, type Result } from '../result.js';
import { type CodingLanguage, CodingLanguage as CodingLanguageSchema, codingLanguageName } from '../schemas/coding-language.js';
import type { CodingQuestion } from '../schemas/test-definition.js';

/** The most characters the drafts of one answer may hold together: two answers' worth, beside the answer itself. */
export const MAX_DRAFT_CHARACTERS = 200_000;

/**
 * A coding answer's drafts (issue 59, decision 1124): the code the candidate left in the question's other languages,
 * by language, so that switching back (after a reload, on another device) finds it. Kept for the candidate, never
 * scored, erased and exported with the answer.
 */
export const AnswerDrafts = z
  .partialRecord(CodingLanguageSchema, z.string())
  .check((ctx) => {
    const total = Object.values(ctx.value).reduce((sum, code) => sum + (code?.length ?? 0), 0);
    if (total > MAX_DRAFT_CHARACTERS) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        // Not aborting: the answer's union then says this, not that no shape fits (as for code over its limit).
        continue: true,
        message: `drafts hold ${total.toLocaleString('en')} characters, over the limit of ${MAX_DRAFT_CHARACTERS.toLocaleString('en')} characters`,
      });
    }
  })
  .meta({ id: 'AnswerDrafts', description: "The code left in the question's other languages, by language: never scored." });
export type AnswerDrafts = z.infer<typeof AnswerDrafts>;

/**
 * Whether `drafts` fit the answer in `language`: each in a language the question accepts (400.2, as an answer's own
 * language), none in the answer's own language (its code is the answer).
 */
export const checkDrafts = (question: Pick<CodingQuestion, 'languages'>, language: CodingLanguage, drafts: AnswerDrafts | undefined): Result<void> => {
  for (const drafted of Object.keys(drafts ?? {}) as CodingLanguage[]) {
    if (drafted === language) return refuse('invalid-field', `drafts must not hold ${codingLanguageName(drafted)}: that is the answer's own language.`);
    if (!question.languages.includes(drafted)) {
      return refuse('invalid-field', `drafts cannot hold ${codingLanguageName(drafted)}: this question is not answered in it.`);
    }
  }
  return ok(undefined);
};
