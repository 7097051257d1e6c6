// Records typing in headless Chromium for the AI-use evidence's thresholds (issue 60, item 5; decision 1206).
// Playwright's keyboard types into a textarea at human-like, varied timing (honest answers: corrections, cursor
// moves, pauses), at a steady rate with no corrections (transcription), and fast and clean; every `input` event is
// kept as a splice with its instant, the change the candidate page's typing meter counts. Writes the fixtures the
// domain's unit tests read: node apps/server/scripts/record-typing.mjs packages/domain/src/ai-use/fixtures
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const outDir = process.argv[2] ?? 'typing-fixtures';

/** A small seeded generator (mulberry32), so that a profile types the same keys each time it is recorded. */
const seeded = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
/** Log-normal gaps: how inter-key intervals of people are distributed (a long right tail). */
const logNormal = (random, median, sigma) => {
  const u = Math.max(random(), 1e-9);
  const v = random();
  return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
};

const ANSWER = `def longest_run(values):
    """The length of the longest run of equal neighbours."""
    if not values:
        return 0
    best = current = 1
    for previous, value in zip(values, values[1:]):
        if value == previous:
            current += 1
            best = max(best, current)
        else:
            current = 1
    return best
`;
const ESSAY =
  'A queue keeps the order in which work arrived, so the oldest request is served first. ' +
  'When producers are faster than consumers the queue grows, and a bound on it turns an overload into a refusal ' +
  'the caller can see instead of a slow failure nobody notices. I would measure the wait, not only the length.';

const PROFILES = {
  // People working an answer out: varied gaps, a typo now and then fixed at once, a word rewritten, a jump back up.
  'honest-code': { text: ANSWER, seed: 1, median: 170, sigma: 0.55, typo: 0.04, move: 0.012, think: 0.03 },
  'honest-essay': { text: ESSAY, seed: 2, median: 150, sigma: 0.5, typo: 0.035, move: 0.008, think: 0.025 },
  // Fast and clean: the false positive a rule judging speed would hit; few corrections, a human rhythm.
  'fast-clean': { text: ESSAY, seed: 3, median: 75, sigma: 0.45, typo: 0.008, move: 0.002, think: 0.008 },
  // Copying from another screen by hand: a steady beat, no corrections, no moves.
  'transcribed-code': { text: ANSWER, seed: 4, median: 190, sigma: 0.12, typo: 0, move: 0, think: 0 },
  'transcribed-essay': { text: ESSAY, seed: 5, median: 160, sigma: 0.15, typo: 0, move: 0, think: 0.004 },
};

const drive = async (page, profile) => {
  const random = seeded(profile.seed);
  const pause = (ms) => page.waitForTimeout(Math.max(5, Math.round(ms)));
  for (let index = 0; index < profile.text.length; index++) {
    const char = profile.text[index];
    if (random() < profile.think) await pause(1500 + random() * 5000);
    if (random() < profile.typo && /[a-z]/.test(char)) {
      await page.keyboard.type('qwertyuiop'[Math.floor(random() * 10)]);
      await pause(logNormal(random, profile.median * 1.6, profile.sigma));
      await page.keyboard.press('Backspace');
      await pause(logNormal(random, profile.median, profile.sigma));
    }
    if (random() < profile.move && index > 20) {
      // Back a few characters to look, then back to the end where typing continues.
      await page.keyboard.press('ArrowLeft');
      await pause(logNormal(random, 300, 0.4));
      await page.keyboard.press('End');
      await page.keyboard.press('Control+End');
      await pause(logNormal(random, 300, 0.4));
    }
    await page.keyboard.type(char === '\n' ? '\n' : char);
    await pause(logNormal(random, profile.median, profile.sigma));
  }
};

const record = async (browser, name, profile) => {
  const page = await browser.newPage();
  await page.setContent('<textarea id="answer" cols="100" rows="30"></textarea>');
  await page.evaluate(() => {
    const area = document.getElementById('answer');
    let before = '';
    window.edits = [];
    const t0 = performance.now();
    area.addEventListener('input', (event) => {
      const after = area.value;
      let start = 0;
      const shorter = Math.min(before.length, after.length);
      while (start < shorter && before[start] === after[start]) start++;
      let end = 0;
      while (end < shorter - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
      window.edits.push({
        t: Math.round(performance.now() - t0),
        kind: event.inputType === 'insertFromPaste' ? 'pasted' : 'typed',
        start,
        deleted: before.slice(start, before.length - end),
        inserted: after.slice(start, after.length - end),
      });
      before = after;
    });
    area.focus();
  });
  await drive(page, profile);
  const edits = await page.evaluate(() => window.edits);
  writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify({ profile: name, recordedWith: 'chromium+playwright keyboard', edits })}\n`);
  await page.close();
  return edits.length;
};

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const counts = await Promise.all(Object.entries(PROFILES).map(([name, profile]) => record(browser, name, profile)));
  console.log(
    Object.keys(PROFILES)
      .map((name, index) => `${name}: ${counts[index]} edits`)
      .join('\n'),
  );
} finally {
  await browser.close();
}
