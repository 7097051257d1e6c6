#!/usr/bin/env node
import { enterStartUpMode } from './start-up-mode.js';
import { keepSemiSpaceToRequestThread } from './young-generation.js';

if (process.argv[2] === 'backup') {
  // An operator's command beside a running server (decision 860), not a server: no start-up tuning.
  const { runBackup } = await import('./backup-command.js');
  const { code, out } = runBackup(process.argv.slice(3), process.env);
  (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
  process.exit(code);
}
if (process.argv[2] === 'vacuum-erased') {
  // An operator's command after erasures on PostgreSQL (decision 1002), beside running servers.
  const { runVacuumErased } = await import('./vacuum-command.js');
  const { code, out } = await runVacuumErased(process.argv.slice(3), process.env);
  (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
  process.exit(code);
}
// Before anything else is imported: loading the modules is most of start-up's work.
keepSemiSpaceToRequestThread();
enterStartUpMode();
await import('./server-process.js');
