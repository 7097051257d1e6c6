import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BankImportReport } from '@assay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/built-packages.js';
import { newOrg, type TestOrg } from '../helpers/org.js';
import { personEnv, runAssay } from '../helpers/run-assay.js';

/** The server's own bank fixtures (apps/server/test/fixtures/bank), read by `assay` as a person's files would be. */
const BANK = (name: string) => join(ROOT, 'apps/server/test/fixtures/bank', name);

/**
 * Issue 62 item 6 end to end: `assay tests import BANK` through a real server, a Moodle XML export and a GIFT file
 * each made a test, and the report of what was skipped and what was left behind printed as a person reads it.
 */
describe('assay tests import a question bank', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    org = await newOrg('Bank import');
    env = personEnv({ ASSAY_API_KEY: org.apiKey });
  });

  it('imports a Moodle XML bank as a test and prints what was skipped and what was not carried over', async () => {
    const imported = await runAssay(['tests', 'import', BANK('moodle-bank.xml'), '--name', 'SQL from Moodle'], env);
    expect({ code: imported.code, stderr: imported.stderr }).toEqual({ code: 0, stderr: '' });
    const [first, ...rest] = imported.stdout.split('\n');
    expect(first).toMatch(/^Imported "SQL from Moodle" as test \d+: 6 questions in 2 sections, 12 min\.$/);
    const text = rest.join('\n');
    expect(text).toContain('\nSkipped 3 questions:\n');
    expect(text).toMatch(/^ {2}#\d+ "About the schema" \(description\): .+$/m);
    expect(text).toMatch(/^ {2}#\d+ "Match the clause" \(matching\): .+$/m);
    expect(text).toMatch(/^ {2}#\d+ "Rows after a filter" \(calculated\): .+$/m);
    expect(text).toContain('\nNot carried over:\n');
    expect(text).toMatch(/^ {2}#1 "What SELECT returns": the general feedback$/m);
    const testId = Number(/as test (\d+)/.exec(first!)![1]);
    expect(await org.client.tests.get(testId)).toMatchObject({ testName: 'SQL from Moodle', questions: 6, duration: 12 });
  });

  it('imports a GIFT bank named after its first category, the matching question reported as skipped', async () => {
    const imported = await runAssay(['tests', 'import', BANK('gift-bank.gift'), '--minutes-per-question', '1.5'], env);
    expect({ code: imported.code, stderr: imported.stderr }).toEqual({ code: 0, stderr: '' });
    expect(imported.stdout).toMatch(/^Imported "Git" as test \d+: 6 questions in 1 section, 9 min\.\n/);
    expect(imported.stdout).toContain('\nSkipped 1 question:\n  #7 "Match commands" (Matching): matching questions have no Assay question type\n');
    const json = await runAssay(['tests', 'import', BANK('gift-bank.gift'), '--name', 'Git again', '--json'], env);
    const report = JSON.parse(json.stdout) as BankImportReport;
    expect(report.test.testName).toBe('Git again');
    expect(report.skipped).toEqual([{ index: 7, name: 'Match commands', type: 'Matching', why: 'matching questions have no Assay question type' }]);
  });

  it("imports the shapes of Moodle's own fixtures: Moodle 1.9's cloze skipped, its picture field reported", async () => {
    const xml = await runAssay(['tests', 'import', BANK('moodle-shapes.xml')], env);
    expect({ code: xml.code, stderr: xml.stderr }).toEqual({ code: 0, stderr: '' });
    expect(xml.stdout).toMatch(/^Imported "Backend" as test \d+: 3 questions in 3 sections, 6 min\.\n/);
    expect(xml.stdout).toContain('\nSkipped 1 question:\n  #3 "cloze question with image" (cloze): embedded answers (Cloze) have no Assay question type\n');
    expect(xml.stdout).toContain('\nNot carried over:\n  #4 "mcq with image": the image "schema.png"');
    const gift = await runAssay(['tests', 'import', BANK('moodle-shapes.gift')], env);
    expect({ code: gift.code, stderr: gift.stderr }).toEqual({ code: 0, stderr: '' });
    expect(gift.stdout).toMatch(/^Imported "Shapes of Moodle's GIFT" as test \d+: 11 questions in 1 section, 22 min\.\n/);
    expect(gift.stdout).toContain('  #5 "Q-number": the feedback of 1 answer');
  });

  it('refuses a bank the server cannot read (exit 1, 400.136 naming the line) and stores nothing', async () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'assay-cli-bank-')), 'broken.gift');
    writeFileSync(broken, '::Fine:: Is it? {T}\n\n::Broken:: Which? {=yes ~no: because}\n');
    const before = (await org.client.tests.list()).testsCount ?? 0;
    const refused = await runAssay(['tests', 'import', broken], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('400.136');
    expect(refused.stderr).toMatch(/The GIFT text cannot be read at line 3, column \d+/);
    expect((await org.client.tests.list()).testsCount).toBe(before);
  });
});
