#!/usr/bin/env node
// Renders the README's screenshot of the TUI from a real run: a server from apps/server/dist with a SQLite
// file of its own, an organization with the example tests and a candidate who answered, `assay` (apps/cli/dist)
// in tmux at 100×30, the report screen captured with its colours and written as an SVG.
// Run after `pnpm build`: node apps/cli/scripts/screenshot.mjs [docs/screenshots/tui-report.svg]
import { candidateTokenOf, createClient } from '@assay/client';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ansiToSvg } from './ansi-to-svg.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OUTPUT = resolve(process.argv[2] ?? join(ROOT, 'docs/screenshots/tui-report.svg'));
const ADMIN_TOKEN = 'screenshot-admin-token-0123456789abcdef';
const COLUMNS = 100;
const ROWS = 30;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

const freePort = () =>
  new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

const dir = mkdtempSync(join(tmpdir(), 'assay-screenshot-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(ROOT, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ASSAY_DATABASE_URL: `sqlite:${join(dir, 'assay.db')}`,
    ASSAY_PUBLIC_URL: url,
    ASSAY_SEED_DEMO: 'false',
    ASSAY_ADMIN_TOKEN: ADMIN_TOKEN,
    ASSAY_OUTBOX_DIR: join(dir, 'outbox'),
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
const socket = `assay-screenshot-${process.pid}`;
const tmux = (...args) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
try {
  while (!output.includes('Assay is listening')) await sleep(50);
  const admin = createClient({ baseUrl: url, adminToken: ADMIN_TOKEN });
  const { apiKey } = await admin.admin.orgs.create({ name: 'Acme Hiring', email: 'talent@acme.example' });
  const client = createClient({ baseUrl: url, apiKey });
  const definitions = {};
  for (const name of ['algorithms-coding-screen', 'frontend-accessibility', 'javascript-fundamentals', 'sql-and-data-modelling']) {
    const definition = JSON.parse(readFileSync(join(ROOT, 'examples/tests', `${name}.json`), 'utf8'));
    const test = await client.tests.import(definition);
    definitions[test.testId] = definition;
  }
  const { tests } = await client.tests.list();
  const sql = tests.find((test) => test.testName.startsWith('SQL'));
  const link = await client.testLinks.create(sql.testId, { testLinkName: 'Data team, spring', accessTime: 0, timeZoneId: 1100 });
  const registration = await client.testLinks.register(sql.testId, link.testLinkId, { emailId: 'ada.lovelace@example.com', fullName: 'Ada Lovelace' });

  // Ada answers: correctly where her position is even, with the first option otherwise.
  const attempt = client.candidate(candidateTokenOf(registration.testUrl));
  const session = await attempt.start();
  const authored = definitions[sql.testId].sections.flatMap((section) => section.questions);
  let position = 0;
  for (const section of session.test.sections) {
    for (const question of section.questions ?? []) {
      position += 1;
      const source = authored.find((candidate) => candidate.text === question.text);
      if (!question.options || !source) continue;
      const right = question.options.filter((option) => source.options.find((authoredOption) => authoredOption.text === option.text)?.correct);
      const chosen = position % 3 === 0 ? [question.options[0]] : right;
      await attempt.saveAnswer(question.questionId, { optionIds: chosen.map((option) => option.optionId) });
    }
  }
  // She leaves the test window once, for a few seconds (wv 1, tv ≈ 3 s).
  await attempt.reportEvent({ type: 'left', at: new Date().toISOString() });
  await sleep(3_000);
  await attempt.reportEvent({ type: 'returned', at: new Date().toISOString() });
  await attempt.submit();

  tmux(
    'new-session',
    '-d',
    '-s',
    'shot',
    '-x',
    String(COLUMNS),
    '-y',
    String(ROWS),
    '-c',
    dir,
    '-e',
    `ASSAY_URL=${url}`,
    '-e',
    `ASSAY_API_KEY=${apiKey}`,
    '-e',
    'TERM=xterm-256color',
    '-e',
    `XDG_CONFIG_HOME=${dir}`,
    `env -u CI ${process.execPath} ${join(ROOT, 'apps/cli/dist/main.js')}; sleep 30`,
  );
  const waitFor = async (text) => {
    for (let tries = 0; tries < 150; tries += 1) {
      if (tmux('capture-pane', '-p', '-t', 'shot').includes(text)) return;
      await sleep(100);
    }
    throw new Error(`never saw ${text}:\n${tmux('capture-pane', '-p', '-t', 'shot')}`);
  };
  const keys = async (...names) => {
    for (const name of names) {
      tmux('send-keys', '-t', 'shot', name);
      await sleep(250);
    }
  };
  await waitFor('SQL and Data Modelling');
  await keys('Down', 'Down', 'Down', 'Enter');
  await waitFor('Data modelling');
  await keys('i');
  await waitFor('Ada Lovelace');
  await keys('Enter');
  await waitFor('SECTION');
  await sleep(500);
  const screen = tmux('capture-pane', '-p', '-e', '-t', 'shot');
  writeFileSync(OUTPUT, ansiToSvg(screen, { columns: COLUMNS, rows: ROWS, title: 'assay: a candidate report in the terminal UI' }));
  console.log(`wrote ${OUTPUT}`);
} finally {
  try {
    tmux('kill-server');
  } catch {}
  server.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
