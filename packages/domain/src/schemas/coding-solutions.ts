import { z } from 'zod';
import { verbatimCode } from './text-fields.js';
import { CodingLanguage, codingLanguageName } from './coding-language.js';

/** One solution an author keeps beside a coding question: its language and its code. */
export const CodingSolution = z
  .strictObject({
    language: CodingLanguage,
    code: verbatimCode(100_000),
  })
  .meta({ id: 'CodingSolution', description: 'A solution in one of the languages the question accepts.' });
export type CodingSolution = z.infer<typeof CodingSolution>;

/**
 * What an author proves their hidden tests with (issue 62 item 3, decision 1466): solutions that must pass every hidden
 * test, and wrong-on-purpose ones that must fail at least one. Never shown to a candidate (the candidate's view names
 * its fields one by one); `assay tests lint` and `POST /v2/org/test-definition/check` run them in the sandbox.
 */
export const CodingSolutions = {
  referenceSolutions: z.array(CodingSolution).max(10).optional().meta({
    description: 'Solutions that must pass every hidden test; checked by `assay tests lint` and POST /v2/org/test-definition/check, never shown to candidates.',
  }),
  wrongSolutions: z.array(CodingSolution).max(10).optional().meta({
    description: 'Wrong-on-purpose solutions that must fail at least one hidden test: one that passes them all means the hidden tests accept a wrong answer.',
  }),
};

type Issues = { issues: z.core.$ZodRawIssue[] };
type WithSolutions = { readonly referenceSolutions?: readonly CodingSolution[] | undefined; readonly wrongSolutions?: readonly CodingSolution[] | undefined };

/** A solution can only be run, and only proves something, in a language the question accepts. */
export function checkSolutionLanguages(ctx: Issues, languages: readonly CodingLanguage[], question: WithSolutions): void {
  for (const kind of ['referenceSolutions', 'wrongSolutions'] as const) {
    question[kind]?.forEach((solution, index) => {
      if (languages.includes(solution.language)) return;
      ctx.issues.push({
        code: 'custom',
        input: solution.language,
        path: [kind, index, 'language'],
        message: `the question does not accept ${codingLanguageName(solution.language)} (it accepts ${languages.join(', ')})`,
      });
    });
  }
}
