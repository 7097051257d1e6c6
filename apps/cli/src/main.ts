#!/usr/bin/env node
// `assay` alone on a terminal opens the interactive UI. Its first line is written before anything else loads: the
// command modules (commander, the client and its schemas) take half a second on a busy machine, and a blank terminal
// reads as a hang (issue 50: a loading line within 200 ms). It is cleared before the arguments are parsed, so an error
// or a login prompt starts on a clean line; startTui then draws "Connecting to …" (decision 821).
const bare = process.argv.length === 2 && process.stdout.isTTY === true && process.stdin.isTTY === true;
if (bare) process.stdout.write('Starting Assay…');
const [{ exitQuietlyOnBrokenPipe }, { processIo }, { runCli }] = await Promise.all([
  import('./commands/broken-pipe.js'),
  import('./commands/cli-io.js'),
  import('./run-cli.js'),
]);
if (bare) process.stdout.write('\r\u001B[2K');

exitQuietlyOnBrokenPipe([process.stdout, process.stderr], (code) => process.exit(code));
const io = processIo();
process.exitCode = await runCli(process.argv.slice(2), io, async (io, profile) => {
  // Loaded only for the interactive UI, so scripted commands start without React and Ink.
  const { startTui } = await import('./tui/start-tui.js');
  await startTui(io, profile);
});
