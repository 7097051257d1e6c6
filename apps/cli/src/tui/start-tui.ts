import { createElement } from 'react';
import { render } from 'ink';
import type { CliIo } from '../commands/cli-io.js';
import { clientOf, loadSettings } from '../commands/connection.js';
import { App } from './App.js';

const ALTERNATE_SCREEN_ON = '\u001B[?1049h';
const ALTERNATE_SCREEN_OFF = '\u001B[?1049l';

/**
 * The interactive UI, full screen on the terminal's alternate screen (the shell's scrollback is left as it
 * was on exit). Connection problems are found by the first screen and shown there, not thrown.
 */
export const startTui = async (io: CliIo, profile: string | undefined): Promise<void> => {
  const settings = await loadSettings(io, profile);
  const client = clientOf(settings, 'apiKey', io.env);
  const stdout = io.stdout as NodeJS.WriteStream;
  stdout.write(ALTERNATE_SCREEN_ON);
  try {
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
