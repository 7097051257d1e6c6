import type { CliIo } from './cli-io.js';

export interface OutputOptions {
  json?: boolean;
}

/** `--json`: the result as JSON and nothing else; otherwise the human text. */
export const emit = (io: CliIo, options: OutputOptions, result: unknown, human: () => string): void => {
  io.stdout.write(options.json ? `${JSON.stringify(result, null, 2)}\n` : `${human()}\n`);
};
