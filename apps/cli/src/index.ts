export { runCli } from './run-cli.js';
export type { CliIo } from './commands/cli-io.js';
export { ExitCode, describeFailure, UsageError, type Failure } from './errors.js';
export { configPathOf } from './config/config-path.js';
export { readConfig, saveProfile, type ConfigFile, type Profile } from './config/config-file.js';
export { resolveSettings, type Settings } from './config/settings.js';
