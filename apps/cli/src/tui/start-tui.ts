import type { CliIo } from '../commands/cli-io.js';
import { clientOf, loadSettings } from '../commands/connection.js';
import { terminalLine } from '../format/terminal-text.js';

const ALTERNATE_SCREEN_ON = '\u001B[?1049h';
const ALTERNATE_SCREEN_OFF = '\u001B[?1049l';
/** Cursor to the top left, then the line cleared: where the UI's first frame is drawn. */
const HOME = '\u001B[H';
const CLEAR_LINE = '\r\u001B[2K';

/** What the terminal shows while React, Ink and the screens load (seconds on a cold disk), before any request. */
export const connectingLine = (url: string): string => `Connecting to ${terminalLine(url.replace(/^https?:\/\//, ''))}…`;

/**
 * The interactive UI, full screen on the terminal's alternate screen (the shell's scrollback is left as it
 * was on exit). Connection problems are found by the first screen and shown there, not thrown. A loading line is
 * drawn at once, before the UI's modules load and before any request (issue 50), then cleared for the first frame.
 */
export const startTui = async (io: CliIo, profile: string | undefined): Promise<void> => {
  const settings = await loadSettings(io, profile);
  const client = clientOf(settings, 'apiKey', io.env);
  const stdout = io.stdout as NodeJS.WriteStream;
  stdout.write(`${ALTERNATE_SCREEN_ON}${HOME}${connectingLine(settings.url!)}`);
  try {
    const [{ createElement }, { render }, { App }] = await Promise.all([import('react'), import('ink'), import('./App.js')]);
    stdout.write(CLEAR_LINE);
    const app = render(createElement(App, { connection: { client, baseUrl: settings.url!, downloadDir: process.cwd() } }), {
      stdout,
      stdin: io.stdin as NodeJS.ReadStream,
      stderr: io.stderr as NodeJS.WriteStream,
    });
    await app.waitUntilExit();
  } finally {
    stdout.write(ALTERNATE_SCREEN_OFF);
  }
};
