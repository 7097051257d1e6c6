import { z } from 'zod';
import { JsonValue } from './json-value.js';

/** Arguments and expected result are JSON values: the sandbox calls `functionName(...args)`. */
export const CodingTestCase = z
  .object({
    args: z.array(JsonValue).max(20),
    expected: JsonValue,
  })
  .meta({
    description:
      'The function is called with args (JSON values, as the language\'s own values) and its return value, as JSON, is compared with expected by the rules of "Equality of JSON results" in packages/sandbox/README.md: the same for every language.',
  });
export type CodingTestCase = z.infer<typeof CodingTestCase>;

/** A stdin/stdout case: the program reads `input` and should print `output`. */
export const StdioTestCase = z
  .strictObject({
    input: z.string().max(100_000),
    output: z.string().max(100_000),
  })
  .meta({
    description:
      'The program reads input on stdin; what it prints on stdout is compared with output, trailing whitespace of each line and the final newline forgiven (packages/sandbox/README.md).',
  });
export type StdioTestCase = z.infer<typeof StdioTestCase>;

const SqlScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One database an SQL question's query runs against: seed statements after the schema, and the rows expected. */
export const SqlTestCase = z
  .strictObject({
    seed: z.string().max(200_000).default(''),
    columns: z.array(z.string().max(200)).min(1).max(50),
    rows: z.array(z.array(SqlScalar).max(50)).max(10_000),
  })
  .refine((test) => test.rows.every((row) => row.length === test.columns.length), {
    error: 'every row must have one value per column',
    path: ['rows'],
  })
  .meta({ description: "A pristine database gets the schema, then seed; the candidate's query must return columns and rows." });
export type SqlTestCase = z.infer<typeof SqlTestCase>;

/** The database every case of an SQL question starts from, and how its rows are compared. */
export const SqlSettings = z.strictObject({
  schema: z.string().max(200_000),
  ordered: z.boolean().default(false).meta({ description: 'Rows must come in the expected order (an ORDER BY question). Default false.' }),
  checkColumnNames: z.boolean().default(true).meta({ description: 'Column names must match the expected ones (case-insensitively). Default true.' }),
});
export type SqlSettings = z.infer<typeof SqlSettings>;

/** What a report shows as a hidden test's input when the org asked for inputs: the arguments, the stdin text or the seed. */
export const caseInputsOf = (test: CodingTestCase | StdioTestCase | SqlTestCase): JsonValue[] =>
  'args' in test ? test.args : 'input' in test ? [test.input] : [test.seed];

/** What a sample's result shows as expected: the return value, the output text or the rows. */
export const caseExpectedOf = (test: CodingTestCase | StdioTestCase | SqlTestCase): JsonValue =>
  'args' in test ? test.expected : 'input' in test ? test.output : { columns: test.columns, rows: test.rows };
