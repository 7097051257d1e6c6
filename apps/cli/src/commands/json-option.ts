import type { Command } from 'commander';
import type { CliIo } from './cli-io.js';

export interface GlobalOptions {
  profile?: string;
  json?: boolean;
}

/** Every leaf command takes `--json`. */
export const withJson = (command: Command): Command => command.option('--json', 'print the result as JSON on stdout, nothing else');

/**
 * The action of a leaf command: its positional arguments, then its options merged with the global ones
 * (`--profile`). Errors propagate to `runCli`, which turns them into exit codes.
 */
export const act =
  <Args extends unknown[], Options extends GlobalOptions>(io: CliIo, run: (io: CliIo, options: Options, ...args: Args) => Promise<void>) =>
  async (...received: unknown[]): Promise<void> => {
    const command = received.at(-1) as Command;
    const args = received.slice(0, -2) as Args;
    await run(io, command.optsWithGlobals<Options>(), ...args);
  };
