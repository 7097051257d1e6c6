import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../test/helpers/built-packages.js';
import { newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { HINTS } from '../hints.js';
import { ImportFileScreen } from './ImportFileScreen.js';

const GIFT_BANK = join(ROOT, 'apps/server/test/fixtures/bank/gift-bank.gift');

/** A YAML test file with one problem (its section lasts "soon"); `minutes` mends it. */
const yamlFile = (minutes: string) =>
  `testName: From the TUI\nsections:\n  - sectionName: S\n    sectionType: general\n    duration: ${minutes}\n    questions:\n` +
  '      - type: single_choice\n        text: Yes?\n        options:\n          - { text: "yes", correct: true }\n          - { text: "no" }\n';

/** Issue 62 items 3 and 6 on the workbench: a bank and a YAML test file imported at 80×24, by keyboard alone. */
describe('ImportFileScreen against a real server', () => {
  let org: TestOrg;
  let dir: string;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Import TUI');
    dir = await mkdtemp(join(tmpdir(), 'assay-import-tui-'));
  });
  afterEach(() => screen?.unmount());
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('imports a GIFT bank, lists what it skipped and left behind, and opens the test with Enter', async () => {
    screen = renderScreen(<ImportFileScreen />, { client: org.client });
    await screen.waitFor('A bank (Moodle .xml, GIFT .gift or .txt)');
    expect(screen.chrome()?.hints).toEqual(HINTS.importFile);
    await screen.burst(GIFT_BANK, KEYS.enter);
    const done = await screen.waitFor('Skipped 1 question:', 20_000);
    expect(done).toMatch(/Imported "Git" as test \d+: 6 questions in 1 section, 12 min\./);
    expect(done).toContain('#7 "Match commands" (Matching): matching questions have no Assay question type');
    expect(done).toContain('Not carried over:');
    expect(widestLine(done)).toBeLessThanOrEqual(80);
    expect(done.split('\n').length).toBeLessThanOrEqual(20);
    expect(screen.chrome()?.hints).toEqual(HINTS.importDone);
    await screen.press(KEYS.enter);
    const [made] = (await org.client.tests.list()).tests;
    expect(made?.testName).toBe('Git');
    expect(screen.opened).toEqual([{ screen: 'test', testId: made!.testId }]);
  });

  it('refuses a YAML file naming the line and column, imports nothing, then imports it once mended (a, Enter)', async () => {
    const file = join(dir, 'screen.yaml');
    await writeFile(file, yamlFile('soon'));
    const before = (await org.client.tests.list()).testsCount ?? 0;
    screen = renderScreen(<ImportFileScreen />, { client: org.client });
    await screen.waitFor('A test file (.yaml, .yml, .json) is linted');
    await screen.burst(file, KEYS.enter);
    const refused = await screen.waitFor('Nothing imported: 1 problem in');
    // The line wraps at 80 columns: read back as one.
    expect(refused.replace(/\n/g, ' ')).toContain('screen.yaml:5:15: sections[0].duration: Invalid input: expected number, received string');
    expect(widestLine(refused)).toBeLessThanOrEqual(80);
    expect(screen.chrome()?.hints).toEqual([HINTS.importDone[1]]);
    await screen.press(KEYS.enter);
    expect(screen.opened).toEqual([]);
    expect((await org.client.tests.list()).testsCount).toBe(before);
    await writeFile(file, yamlFile('10'));
    await screen.press('a');
    await screen.waitFor('A test file (.yaml, .yml, .json) is linted');
    await screen.press(KEYS.enter);
    const imported = await screen.waitFor('Imported "From the TUI" as test');
    expect(imported).toContain('screen.yaml: ok');
    expect((await org.client.tests.list()).testsCount).toBe(before + 1);
  });

  it('says why a file cannot be read, and keeps the path to mend', async () => {
    screen = renderScreen(<ImportFileScreen />, { client: org.client });
    await screen.waitFor('A test file');
    await screen.burst(join(dir, 'absent.gift'), KEYS.enter);
    const failed = await screen.waitFor('Cannot read');
    expect(failed).toContain('absent.gift');
    expect(screen.chrome()?.hints).toEqual(HINTS.importFile);
  });
});
