export type {
  CaseResult,
  CodeRunner,
  CodingCase,
  Language,
  QueuePosition,
  RunLane,
  RunOptions,
  RunOwner,
  RunOutcome,
  RunRequest,
  SandboxLimits,
  SandboxOptions,
  SourceLocation,
} from './types.js';
export { LANGUAGES, RUN_LANES } from './types.js';
export { Sandbox } from './sandbox.js';
export type { SandboxStats } from './stats.js';
export { SandboxBusyError, SandboxCancelledError } from './busy.js';
export { deepEqual } from './equality.js';
export { MEMORY_LIMIT_EXCEEDED, TIME_LIMIT_EXCEEDED } from './outcome.js';
export {
  DEFAULT_CPU_MS_PER_CASE,
  DEFAULT_MAX_LOG_BYTES,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_MAX_QUEUED,
  DEFAULT_MEMORY_BYTES,
  DEFAULT_SCORING_WORKERS,
  DEFAULT_WORKERS,
  WALL_CLOCK_SLACK_MS,
} from './limits.js';
