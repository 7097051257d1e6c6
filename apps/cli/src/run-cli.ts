import { CommanderError } from 'commander';
import { createProgram, type Interactive } from './commands/program.js';
import { isInteractive, type CliIo } from './commands/cli-io.js';
import { describeFailure, ExitCode, failureLine, UsageError } from './errors.js';

/**
 * Runs `assay` with `args` (without node and the script) and answers the exit code: 0 ok, 1 refused,
 * 2 usage, 3 unreachable. Failures go to stderr as `statuscode: message`; nothing else is printed for them.
 */
export const runCli = async (args: readonly string[], io: CliIo, startTui: (io: CliIo, profile: string | undefined) => Promise<void>): Promise<number> => {
  const interactive: Interactive = async ({ profile }) => {
    if (!isInteractive(io) || !io.stdin.isTTY) {
      throw new UsageError('The interactive UI needs a terminal; give a subcommand (assay --help lists them).');
    }
    await startTui(io, profile);
  };
  const program = createProgram(io, interactive);
  try {
    await program.parseAsync([...args], { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    // --help and --version end through the same exception, with exit code 0; commander printed its own message.
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    const failure = describeFailure(error);
    io.stderr.write(`${failureLine(failure)}\n`);
    return failure.exitCode;
  }
};
