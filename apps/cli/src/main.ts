#!/usr/bin/env node
import { exitQuietlyOnBrokenPipe } from './commands/broken-pipe.js';
import { processIo } from './commands/cli-io.js';
import { runCli } from './run-cli.js';

exitQuietlyOnBrokenPipe([process.stdout, process.stderr], (code) => process.exit(code));
const io = processIo();
process.exitCode = await runCli(process.argv.slice(2), io, async (io, profile) => {
  // Loaded only for the interactive UI, so scripted commands start without React and Ink.
  const { startTui } = await import('./tui/start-tui.js');
  await startTui(io, profile);
});
