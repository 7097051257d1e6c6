import { read } from 'read';
import { UsageError } from '../errors.js';
import type { CliIo } from './cli-io.js';

/** Where a secret comes from: the command line (seen by `ps` and kept in the shell's history), stdin, or a prompt. */
export type SecretSource = { from: 'argument'; value: string } | { from: 'stdin' } | { from: 'prompt' };

export interface SecretOption {
  /** `--key KEY` gives the value; `--key` alone asks for it. */
  value: string | true | undefined;
  /** `--key-stdin`. */
  stdin: boolean | undefined;
  /** `--key`, for messages. */
  flag: string;
}

/** The source an option names, if any; a value and `-stdin` together are a usage error. */
export const sourceOf = ({ value, stdin, flag }: SecretOption): SecretSource | undefined => {
  if (stdin && value !== undefined) throw new UsageError(`${flag} and ${flag}-stdin do not go together.`);
  if (stdin) return { from: 'stdin' };
  if (value === true) return { from: 'prompt' };
  return value === undefined ? undefined : { from: 'argument', value };
};

const readStdin = async (io: CliIo, flag: string): Promise<string> => {
  let text = '';
  for await (const chunk of io.stdin) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  const secret = text.trim();
  if (!secret) throw new UsageError(`${flag}-stdin read nothing from standard input.`);
  return secret;
};

/** Asks on the terminal without echo (the prompt on stderr, so stdout stays the command's result). */
const prompt = async (io: CliIo, label: string, flag: string): Promise<string> => {
  if (!io.stdin.isTTY) {
    throw new UsageError(
      `No terminal to ask for the ${label} on: give it on standard input with ${flag}-stdin (or as ${flag} VALUE, which ps and the shell history show).`,
    );
  }
  let answer: string;
  try {
    answer = await read({
      prompt: `${label[0]!.toUpperCase()}${label.slice(1)}:`,
      silent: true,
      replace: '',
      input: io.stdin,
      output: io.stderr,
      terminal: true,
    });
  } catch {
    throw new UsageError(`Cancelled: no ${label} was read.`);
  } finally {
    // The Enter that ended the hidden answer was not echoed either.
    io.stderr.write('\n');
  }
  const secret = answer.trim();
  if (!secret) throw new UsageError(`No ${label} given.`);
  return secret;
};

/** The secret from its source: the argument as given, standard input to its end, or a hidden prompt. */
export const readSecret = (io: CliIo, source: SecretSource, label: string, flag: string): Promise<string> => {
  if (source.from === 'argument') return Promise.resolve(source.value);
  return source.from === 'stdin' ? readStdin(io, flag) : prompt(io, label, flag);
};
