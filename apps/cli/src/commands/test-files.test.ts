import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'assay-test-files-'));
const EXAMPLE = new URL('../../../../examples/tests/junior-python-screen.yaml', import.meta.url).pathname;

const run = async (...args: string[]) => {
  const [stdout, stderr] = [new PassThrough(), new PassThrough()];
  const chunks = { out: '', err: '' };
  stdout.on('data', (chunk) => (chunks.out += String(chunk)));
  stderr.on('data', (chunk) => (chunks.err += String(chunk)));
  const env = { HOME: dir, XDG_CONFIG_HOME: join(dir, '.config') };
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
    expect(await run('tests', 'lint', EXAMPLE)).toEqual({ code: 0, out: `${EXAMPLE}: ok\n`, err: '' });
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

  it('refuses a file that is not there as a usage error (exit 2)', async () => {
    const { code, err } = await run('tests', 'lint', join(dir, 'absent.yaml'));
    expect(code).toBe(2);
    expect(err).toMatch(/^usage: Cannot read .*absent\.yaml: ENOENT/);
  });
});
