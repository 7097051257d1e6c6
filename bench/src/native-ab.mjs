// Native compile-and-runs per second of two builds side by side (decision 1402): rounds of short runs, each language
// of each build in turn (`packages/sandbox/bench/native-runs.mjs` with `only`, a process of its own), so a shared
// machine's load falls on both alike; each round says every language's ratio to C in that round.
// `node bench/src/native-ab.mjs --against /other/clone [--languages c,cpp] [--rounds 3] [--seconds 5]`
// (the other clone's packages/sandbox built; without --against, this clone alone).
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const languages = option('languages', 'c,cpp').split(',');
const rounds = Number(option('rounds', '3'));
const seconds = Number(option('seconds', '5'));
const against = option('against', undefined);
const builds = [{ name: 'this', root: ROOT }, ...(against ? [{ name: 'other', root: against }] : [])];

const runsPerSecond = (root, language) =>
  new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [join(root, 'packages/sandbox/bench/native-runs.mjs'), JSON.stringify({ only: language, seconds })],
      { maxBuffer: 1 << 22 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${root} ${language}: ${stderr || error.message}`));
        const row = JSON.parse(stdout.trim().split('\n').at(-1)).languages[language];
        resolve(row);
      },
    ),
  );

const totals = {};
for (let round = 1; round <= rounds; round++) {
  // The order turns each round, so neither build always runs first.
  const order = round % 2 === 0 ? [...builds].reverse() : builds;
  for (const build of order) {
    const figures = {};
    for (const language of languages) figures[language] = await runsPerSecond(build.root, language);
    const line = languages.map((language) => {
      const row = figures[language];
      const ratio = language !== 'c' && figures.c?.perSecond ? ` (${(row.perSecond / figures.c.perSecond).toFixed(2)}× C)` : '';
      (totals[`${build.name} ${language}`] ??= []).push(row.perSecond);
      return `${language} ${row.perSecond?.toFixed(1)} runs/s, compile ${Math.round(row.compileMs ?? 0)} ms${ratio}`;
    });
    console.log(`round ${round}, ${build.name} build, load ${loadavg()[0].toFixed(1)}: ${line.join('; ')}`);
  }
}
for (const build of builds) {
  const mean = (language) => totals[`${build.name} ${language}`].reduce((sum, value) => sum + value, 0) / rounds;
  const ratios = languages
    .filter((language) => language !== 'c' && languages.includes('c'))
    .map((language) => `${language} ${(mean(language) / mean('c')).toFixed(2)}× C`);
  console.log(
    `${build.name} build, mean of ${rounds} rounds: ${languages.map((language) => `${language} ${mean(language).toFixed(1)}`).join(', ')} runs/s; ${ratios.join(', ')}`,
  );
}
