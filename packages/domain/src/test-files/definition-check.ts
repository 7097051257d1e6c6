import { z } from 'zod';
import { CodingLanguage } from '../schemas/coding-language.js';

/** Where in the definition a problem is: the path of keys and indexes (`["sections", 0, "questions", 2, "hiddenTests", 1]`). */
export const DefinitionPath = z.array(z.union([z.string(), z.int().nonnegative()]));
export type DefinitionPath = z.infer<typeof DefinitionPath>;

/** One thing wrong with a definition, at the part of it a person must change. */
export const DefinitionProblem = z.object({
  path: DefinitionPath,
  message: z.string(),
});
export type DefinitionProblem = z.infer<typeof DefinitionProblem>;

/** How one reference or wrong-on-purpose solution did against its question's hidden tests. */
export const SolutionRunResult = z.object({
  /** The solution's own path (`[..., "referenceSolutions", 0]`). */
  path: DefinitionPath,
  kind: z.enum(['reference', 'wrong']),
  language: CodingLanguage,
  /** Hidden tests passed, of `total`; null when the sandbox could not run it (`problems` says why). */
  passed: z.int().nonnegative().nullable(),
  total: z.int().nonnegative(),
});
export type SolutionRunResult = z.infer<typeof SolutionRunResult>;

/** What `POST /v2/org/test-definition/check` answers: every solution's run, and the problems (none: the tests hold). */
export const DefinitionCheck = z
  .object({
    solutions: z.array(SolutionRunResult),
    problems: z.array(DefinitionProblem),
  })
  .meta({ id: 'DefinitionCheck' });
export type DefinitionCheck = z.infer<typeof DefinitionCheck>;
