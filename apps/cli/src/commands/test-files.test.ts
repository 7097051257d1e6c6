import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'assay-test-files-'));
const EXAMPLE = new URL('../../../../examples/tests/junior-python-screen.yaml', import.meta.url).pathname;

let serverEnv: Record<string, string> = {};

const run = async (...args: string[]) => {
  const [stdout, stderr] = [new PassThrough(), new PassThrough()];
  const chunks = { out: '', err: '' };
  stdout.on('data', (chunk) => (chunks.out += String(chunk)));
  stderr.on('data', (chunk) => (chunks.err += String(chunk)));
  const env = { HOME: dir, XDG_CONFIG_HOME: join(dir, '.config'), ...serverEnv };
  const code = await runCli(args, { stdout, stderr, stdin: new PassThrough(), env }, async () => {});
  return { code, ...chunks };
};

const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('assay tests lint FILE', () => {
  it('says ok and exits 0 for a right file', async () => {
    expect(await run('tests', 'lint', EXAMPLE, '--offline')).toEqual({ code: 0, out: `${EXAMPLE}: ok\n`, err: '' });
  });

  it('prints each problem at its line and column, and exits 1', async () => {
    const wrong = file('wrong.yaml', 'testName: T\nsections:\n  - sectionName: S\n    sectionType: general\n    duration: soon\n    questions: []\n');
    const { code, out, err } = await run('tests', 'lint', wrong);
    expect(code).toBe(1);
    expect(out.split('\n')).toEqual([
      `${wrong}:5:15: sections[0].duration: Invalid input: expected number, received string`,
      `${wrong}:6:5: sections[0].questions: Too small: expected array to have >=1 items`,
      '',
    ]);
    expect(err).toBe(`lint: 2 problems in ${wrong}.\n`);
  });

  it('answers --json with the problems, for a script', async () => {
    const wrong = file('wrong.json', '{\n  "testName": "",\n  "sections": []\n}\n');
    const { code, out } = await run('tests', 'lint', wrong, '--json');
    expect(code).toBe(1);
    expect(JSON.parse(out)).toMatchObject({
      file: wrong,
      ok: false,
      problems: [
        { line: 2, column: 15, path: 'testName' },
        { line: 3, column: 3, path: 'sections' },
      ],
    });
  });

  it('says how to lint without a server when the file carries solutions and no server is configured', async () => {
    const { code, err } = await run('tests', 'lint', EXAMPLE);
    expect(code).toBe(2);
    expect(err).toMatch(/^usage: No Assay server configured: .* Or lint with --offline: the schema only, the solutions not run\.\n$/);
  });

  it('refuses a file that is not there as a usage error (exit 2)', async () => {
    const { code, err } = await run('tests', 'lint', join(dir, 'absent.yaml'));
    expect(code).toBe(2);
    expect(err).toMatch(/^usage: Cannot read .*absent\.yaml: ENOENT/);
  });
});

/** The example with its hidden test for "AEIOU" made wrong (5 → 6): line 71 of the file. */
const WRONG_TEST_LINE = 71;
const wrongHiddenTest = (): string => {
  const text = readFileSync(EXAMPLE, 'utf8');
  expect(text.split('\n')[WRONG_TEST_LINE - 1]).toBe('          - { args: [AEIOU], expected: 5 }');
  return file('wrong-hidden-test.yaml', text.replace('- { args: [AEIOU], expected: 5 }', '- { args: [AEIOU], expected: 6 }'));
};

/** `lint` and `push` against a server that answers the check as the real one does (the real one: test/system). */
describe('assay tests lint|push FILE with solutions, and preview', () => {
  let server: Server;
  const asked: { path: string; body: unknown }[] = [];
  const QUESTION = ['sections', 1, 'questions', 0];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += String(chunk)));
      request.on('end', () => {
        const sent = JSON.parse(body || '{}') as { sections: { questions: { hiddenTests?: { expected: unknown }[] }[] }[] };
        asked.push({ path: request.url ?? '', body: sent });
        response.setHeader('content-type', 'application/json');
        if (request.url === '/v2/org/tests') {
          response.end(
            JSON.stringify({
              statuscode: '200.1',
              description: 'Success',
              result: {
                testId: 9,
                testName: 'Junior Python Screen',
                accessKey: 'k',
                duration: 35,
                questions: 3,
                testStatus: 'Active',
                sections: [],
                sameContentAs: null,
              },
            }),
          );
          return;
        }
        if (request.url?.endsWith('/previews')) {
          const token = `pv.${'p'.repeat(43)}`;
          const result = { previewUrl: `https://assay.test/t/${token}`, token, expiresAt: '2026-11-30T09:00:00.000Z' };
          response.end(JSON.stringify({ statuscode: '200.1', description: 'Success', result }));
          return;
        }
        const wrong = sent.sections[1]?.questions[0]?.hiddenTests?.[2]?.expected === 6;
        const solutions = [
          { path: [...QUESTION, 'referenceSolutions', 0], kind: 'reference', language: 'python', passed: wrong ? 3 : 4, total: 4 },
          { path: [...QUESTION, 'wrongSolutions', 0], kind: 'wrong', language: 'python', passed: 3, total: 4 },
        ];
        const problems = wrong
          ? [{ path: [...QUESTION, 'hiddenTests', 2], message: 'reference solution (referenceSolutions[0], Python) fails hidden test 3: expected 6, got 5' }]
          : [];
        response.end(JSON.stringify({ statuscode: '200.1', description: 'Success', result: { solutions, problems } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serverEnv = { ASSAY_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ASSAY_API_KEY: `assay_${'A'.repeat(43)}` };
  });
  afterAll(() => {
    serverEnv = {};
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("names the line of a wrong hidden test from the server's run of the reference solution, and exits 1", async () => {
    const wrong = wrongHiddenTest();
    const { code, out, err } = await run('tests', 'lint', wrong);
    expect({ code, out, err }).toEqual({
      code: 1,
      out: `${wrong}:${WRONG_TEST_LINE}:13: sections[1].questions[0].hiddenTests[2]: reference solution (referenceSolutions[0], Python) fails hidden test 3: expected 6, got 5\n`,
      err: `lint: 1 problem in ${wrong}.\n`,
    });
    expect(asked.at(-1)?.path).toBe('/v2/org/test-definition/check');
  });

  it('says what the solutions proved when the file is right', async () => {
    expect(await run('tests', 'lint', EXAMPLE)).toEqual({
      code: 0,
      out: `${EXAMPLE}: ok (2 solutions run: 1 reference solution passes every hidden test, 1 wrong solution fails at least one)\n`,
      err: '',
    });
  });

  it('pushes a right file (lint, then import) and refuses a wrong one before importing anything', async () => {
    asked.length = 0;
    const pushed = await run('tests', 'push', EXAMPLE);
    expect(pushed.code).toBe(0);
    expect(pushed.out).toContain('Imported "Junior Python Screen" as test 9.');
    expect(asked.map(({ path }) => path)).toEqual(['/v2/org/test-definition/check', '/v2/org/tests']);
    asked.length = 0;
    expect((await run('tests', 'push', wrongHiddenTest())).code).toBe(1);
    expect(asked.map(({ path }) => path)).toEqual(['/v2/org/test-definition/check']);
  });

  it('previews the candidate view: sections, timings, options, samples, never the answers or the solutions', async () => {
    const { code, out } = await run('tests', 'preview', EXAMPLE);
    expect(code).toBe(0);
    expect(out).toMatch(/^Junior Python Screen\n35 min, 3 questions\n/);
    expect(out).toContain('── Section 1: Python basics (10 min, 2 questions) ');
    expect(out).toContain('  Q2. multiple choice, 2 marks, a wrong answer costs 0.5');
    expect(out).toContain('    [ ] `tuple`');
    expect(out).toContain('    Languages: Python, JavaScript');
    expect(out).toContain('    Sample 1: ("Assay") → 2');
    expect(out).toContain('    (4 hidden tests score the answer)');
    expect(out).not.toMatch(/correct|AEIOU|Mississippi|return sum/);
  });

  it('prints a preview link of the file after the lint, sending the file as JSON', async () => {
    asked.length = 0;
    const { code, out, err } = await run('tests', 'preview', EXAMPLE, '--link');
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out.split('\n')[0]).toBe(`https://assay.test/t/pv.${'p'.repeat(43)}`);
    expect(out).toContain('recording nothing');
    expect(asked.map(({ path }) => path)).toEqual(['/v2/org/tests/previews']);
    expect(asked[0]?.body).toMatchObject({ testName: 'Junior Python Screen' });
  });

  it('prints a preview link of a test the org has, at a version', async () => {
    asked.length = 0;
    const { code, out } = await run('tests', 'preview', '--test', '9', '--test-version', '2', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ token: `pv.${'p'.repeat(43)}` });
    expect(asked).toEqual([{ path: '/v2/org/tests/9/previews', body: { version: 2 } }]);
  });

  it('refuses a FILE with --test, and --test-version without --test, as usage errors', async () => {
    expect((await run('tests', 'preview', EXAMPLE, '--test', '9')).code).toBe(2);
    expect((await run('tests', 'preview', EXAMPLE, '--test-version', '2')).err).toMatch(/--test-version goes with --test/);
    expect((await run('tests', 'preview')).err).toMatch(/Give a test FILE/);
  });
});
