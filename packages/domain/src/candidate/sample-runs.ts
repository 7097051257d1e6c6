import { z } from 'zod';
import { Id } from '../ids.js';
import { JsonValue } from '../schemas/json-value.js';
import { CodingLanguage } from '../schemas/coding-language.js';
import { candidateCode } from '../schemas/text-fields.js';
import { ErrorLocation, TestCaseResult } from './candidate-api-runs.js';
import { CompileErrors } from './compile-errors.js';
import { RunPhase } from './run-phase.js';

/**
 * Sample runs that answer at once and are followed (`/candidate/v1/{token}/runs`): the page starts a run,
 * sees where it waits ("Queued (3 ahead)"), then its results, and can cancel it. The synchronous
 * `POST …/run/{questionId}` stays for clients that want one request.
 */

/** The longest a request waits for a run to change (`?wait=`), below the usual proxies' 30 s idle time-out. */
export const MAX_RUN_WAIT_MS = 25_000;

/** Arguments of a custom-input run: as many as a test case may have. */
export const MAX_CUSTOM_ARGS = 20;

/** `POST /candidate/v1/{token}/runs`. */
export const StartRunInput = z
  .object({
    questionId: Id,
    code: candidateCode(100_000),
    /** Left out, the question's first language; one the question does not accept is refused. */
    language: CodingLanguage.optional(),
    /**
     * A custom-input run: the function is called with these arguments (JSON values) instead of the sample tests.
     * It answers what the function returned and printed; there is no expected value and no verdict.
     */
    customArgs: z
      .array(JsonValue)
      .max(MAX_CUSTOM_ARGS, { error: `customArgs may hold at most ${MAX_CUSTOM_ARGS} arguments` })
      .optional(),
    /** A custom-input run of a stdin/stdout question: the program reads this text; it answers what it printed. */
    customInput: z.string().max(100_000).optional(),
  })
  .strict()
  .meta({ id: 'StartRunBody' });
export type StartRunInput = z.infer<typeof StartRunInput>;

/** `?wait=ms` (and for a GET `&since=version`): answer when the run changes, or after `wait` ms at the latest. */
export const RunWaitQuery = z.object({
  wait: z.coerce
    .number({ error: `wait must be a number of milliseconds from 0 to ${MAX_RUN_WAIT_MS}` })
    .int({ error: `wait must be a number of milliseconds from 0 to ${MAX_RUN_WAIT_MS}` })
    .min(0, { error: `wait must be a number of milliseconds from 0 to ${MAX_RUN_WAIT_MS}` })
    .max(MAX_RUN_WAIT_MS, { error: `wait must be a number of milliseconds from 0 to ${MAX_RUN_WAIT_MS}` })
    .optional(),
  since: z.coerce.number({ error: 'since must be a version number' }).int({ error: 'since must be a version number' }).min(0).optional(),
});
export type RunWaitQuery = z.infer<typeof RunWaitQuery>;

/**
 * What a custom-input run answers: the value returned (or the error) and what was printed; no verdict. A stdio
 * program's run answers as its samples do (decision 1101): its stdin as `args[0]`, what it wrote to standard output
 * as `actual` (text), and its standard error as `output`.
 */
export const CustomRunResult = z
  .object({
    args: z.array(JsonValue),
    /** The value returned, as JSON (absent after an error, or when JavaScript returned `undefined`); a stdio program's standard output. */
    actual: JsonValue.optional(),
    error: z.string().optional(),
    errorLocation: ErrorLocation.optional(),
    /** Python: the whole traceback from the candidate's first frame on. */
    traceback: z.string().optional(),
    /** Python: the value returned as Python writes it (`None`, `True`, `'abc'`). */
    display: z.object({ actual: z.string() }).optional(),
    /** What the code printed; a stdio program's standard error. */
    output: z.string().optional(),
    timeMs: z.number().nonnegative().optional(),
  })
  .meta({ id: 'CustomRunResult' });
export type CustomRunResult = z.infer<typeof CustomRunResult>;

export const SampleRunState = z.enum(['queued', 'running', 'done', 'cancelled', 'failed']);
export type SampleRunState = z.infer<typeof SampleRunState>;

const runBase = {
  /** Opaque; only the token that started the run can read or cancel it. */
  runId: z.string(),
  questionId: Id,
  /** `samples`: the question's sample tests; `custom`: the candidate's own arguments. */
  kind: z.enum(['samples', 'custom']),
  /** Goes up whenever the run changes (its state, its place): `?since=` waits for the next one. */
  version: z.int().nonnegative(),
};

/**
 * A run, by state. `queued`: `ahead` runs start before it, in about `etaMs`. `running`: its `phase` (`RunPhase`) when
 * the engine tells one. `done`: `results` (one per sample test) or `custom`, and `compileErrors` when the program did
 * not build (every error, each case answering the first). `cancelled` leaves no results. `failed`: the sandbox could
 * not run it (`message` says why; nothing the code does makes a run fail: its errors are results).
 */
export const SampleRun = z
  .discriminatedUnion('state', [
    z.object({ ...runBase, state: z.literal('queued'), ahead: z.int().positive(), etaMs: z.int().nonnegative() }),
    z.object({ ...runBase, state: z.literal('running'), phase: RunPhase.optional() }),
    z.object({
      ...runBase,
      state: z.literal('done'),
      results: z.array(TestCaseResult).optional(),
      custom: CustomRunResult.optional(),
      compileErrors: CompileErrors.optional(),
    }),
    z.object({ ...runBase, state: z.literal('cancelled') }),
    z.object({ ...runBase, state: z.literal('failed'), message: z.string() }),
  ])
  .meta({ id: 'SampleRun' });
export type SampleRun = z.infer<typeof SampleRun>;

/** A run that can change no more. */
export const isFinished = (run: Pick<SampleRun, 'state'>): boolean => run.state === 'done' || run.state === 'cancelled' || run.state === 'failed';
