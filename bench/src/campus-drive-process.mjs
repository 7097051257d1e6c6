// Runs the campus drive in a process of its own, so the simulated candidates never share an event loop
// with the bench (or the server); answers the figures it prints.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./campus-drive.mjs', import.meta.url));

export const runCampusDrive = (plan) =>
  new Promise((resolve, reject) => {
    execFile(process.execPath, [SCRIPT, JSON.stringify(plan)], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`the campus drive failed: ${stderr || error.message}`));
      resolve(JSON.parse(stdout.trim().split('\n').at(-1)));
    });
  });
