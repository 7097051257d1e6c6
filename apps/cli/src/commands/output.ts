import { terminalJson, terminalLine, terminalText } from '../format/terminal-text.js';
import type { CliIo } from './cli-io.js';

export interface OutputOptions {
  json?: boolean;
}

/**
 * `--json`: the result as JSON and nothing else; otherwise the human text. Both are the only way a command's
 * output reaches stdout, and both are made safe for a terminal here, whatever the server sent (terminal-text.ts):
 * a command cannot forget it.
 */
export const emit = (io: CliIo, options: OutputOptions, result: unknown, human: () => string): void => {
  io.stdout.write(options.json ? `${terminalJson(result, 2)}\n` : `${terminalText(human())}\n`);
};

/** One record of a stream (`events --follow`): a JSON object a line with `--json`, else its line for people. */
export const emitRecord = (io: CliIo, options: OutputOptions, record: unknown, human: () => string): void => {
  io.stdout.write(`${options.json ? terminalJson(record) : terminalLine(human())}\n`);
};
