import { TestDefinition } from '@assay/domain/schemas';
import { type DefinitionSource, type FileProblem, pathText } from './definition-source.js';

/** A file checked against the schema the server imports with: the definition it holds, or every problem where it is. */
export type SchemaCheck =
  | { readonly definition: TestDefinition; readonly problems: readonly [] }
  | { readonly definition: undefined; readonly problems: readonly FileProblem[] };

/** In the order of the file, so a person fixes them top to bottom. */
export const byPosition = (problems: readonly FileProblem[]): FileProblem[] => [...problems].sort((a, b) => a.line - b.line || a.column - b.column);

/** The file against the same zod schema as `POST /v2/org/tests` (the JSON Schema is generated from it): each issue at its line. */
export const checkSchema = (source: DefinitionSource): SchemaCheck => {
  if (source.syntaxProblems.length > 0) return { definition: undefined, problems: source.syntaxProblems };
  const parsed = TestDefinition.safeParse(source.value);
  if (parsed.success) return { definition: parsed.data, problems: [] };
  return {
    definition: undefined,
    problems: byPosition(parsed.error.issues.map((issue) => ({ ...source.positionOf(issue.path), path: pathText(issue.path), message: issue.message }))),
  };
};

/** `tests.yaml:14:7: sections[0].questions[2].marks: expected a number`: what editors and terminals turn into a link. */
export const problemLine = (file: string, problem: FileProblem): string =>
  `${file}:${problem.line}:${problem.column}: ${problem.path === '' || problem.message.startsWith(`${problem.path} `) ? '' : `${problem.path}: `}${problem.message}`;
