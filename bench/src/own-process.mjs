// Runs a load generator (the campus drive, the coding drive) in a process of its own, so the simulated candidates
// never share an event loop with the bench (or the server); answers the figures it prints as its last line.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** `script`: a URL of a module that takes the plan as its JSON argument and prints one JSON line. */
export const runInOwnProcess = (script, plan) =>
  new Promise((resolve, reject) => {
    execFile(process.execPath, [fileURLToPath(script), JSON.stringify(plan)], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${fileURLToPath(script)} failed: ${stderr || error.message}`));
      resolve(JSON.parse(stdout.trim().split('\n').at(-1)));
    });
  });

export const runCampusDrive = (plan) => runInOwnProcess(new URL('./campus-drive.mjs', import.meta.url), plan);
export const runCodingDrive = (plan) => runInOwnProcess(new URL('./coding-drive.mjs', import.meta.url), plan);
