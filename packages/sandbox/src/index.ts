export type {
  CaseResult,
  CodeRunner,
  CodingCase,
  CompilerWarmth,
  Language,
  LanguageAvailability,
  QueuePosition,
  RunLane,
  RunOptions,
  RunOutcome,
  RunOwner,
  RunRequest,
  SandboxLimits,
  SandboxOptions,
  SourceLocation,
} from './types.js';
export { LANGUAGES, RUN_LANES } from './types.js';
export type { FunctionCase, FunctionRunRequest, SqlCase, SqlRows, SqlRunRequest, StdioCase, StdioRunRequest } from './run-request.js';
export { Sandbox } from './sandbox.js';
export { LanguageUnavailableError } from './language-unavailable.js';
export { sameOutput, STDIO_FLOAT_TOLERANCE } from './stdio-compare.js';
export type { SandboxStats } from './stats.js';
export type { QueueDepth, RunStart, RunStartListener } from './queue-watch.js';
export { SandboxBusyError, SandboxCancelledError } from './busy.js';
export { deepEqual } from './equality.js';
export { MEMORY_LIMIT_EXCEEDED, NOT_RUN_FAULT, NOT_RUN_TIME_LIMIT, TIME_LIMIT_EXCEEDED } from './outcome.js';
export type { RunStep } from '@assay/domain/candidate';
export {
  DEFAULT_CPU_MS_PER_CASE,
  DEFAULT_MAX_LOG_BYTES,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_LANE_WEIGHTS,
  DEFAULT_MAX_QUEUED,
  DEFAULT_MAX_WAIT_MS,
  DEFAULT_MEMORY_BYTES,
  DEFAULT_SCORING_WORKERS,
  DEFAULT_WORKERS,
  WALL_CLOCK_SLACK_MS,
} from './limits.js';
