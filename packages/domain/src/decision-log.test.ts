import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../scripts/decision-log.mjs', import.meta.url));
// Quotes in the fixtures are built, so that this file itself quotes nothing wrong when the real log is checked.
const D = 'decision';
const check = (root?: string) => spawnSync(process.execPath, [SCRIPT, '--check', ...(root ? ['--root', root] : [])], { encoding: 'utf8' });

const INDEX = `<!-- The index below is written by \`node scripts/decision-log.mjs\`: do not edit it by hand. -->

| # | Decision | File |
| --- | --- | --- |
| 1 | Int64 ids | [wire.md](wire.md) |
| 2 | Envelopes | [wire.md](wire.md) |`;

/** A tree with a log of two decisions, a speed log, and a source file quoting the log. */
const treeQuoting = (source: string, entries = '1. **Int64 ids.** Numbers.\n2. **Envelopes.** Always.\n') => {
  const root = mkdtempSync(join(tmpdir(), 'assay-decision-log-'));
  mkdirSync(join(root, 'docs/decisions'), { recursive: true });
  mkdirSync(join(root, 'packages/domain'), { recursive: true });
  writeFileSync(join(root, 'docs/decisions/README.md'), `# Decisions\n\n${INDEX}\n`);
  writeFileSync(join(root, 'docs/decisions/wire.md'), `# Wire\n\n${entries}`);
  writeFileSync(join(root, 'docs/performance.md'), '# Speed\n');
  writeFileSync(join(root, 'packages/domain/ids.ts'), source);
  return root;
};

/** Code and docs quote decisions by number; the log is one file per topic with a generated index. */
describe('the decision log', () => {
  it('is whole: numbers once and in order in each file, the index current, every decision the code and docs quote there', () => {
    const run = check();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('accepts a tree whose quotes all exist, titles by their start', () => {
    const run = check(treeQuoting(`/** Exact (${D} 1, "Int64 ids"), see ${D}s 1–2. */\n`));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('names a quoted decision the log does not have, a title that is not its own, and a link to the old single file', () => {
    const run = check(treeQuoting(`/** (${D} 3) and (${D} 2, "Int64 ids"), as docs/${D}s.md said. */\n`));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('packages/domain/ids.ts quotes decision 3, which the log does not have');
    expect(run.stderr).toContain('packages/domain/ids.ts quotes decision 2 as "Int64 ids", but it is "Envelopes"');
    expect(run.stderr).toContain(`packages/domain/ids.ts links docs/${D}s.md`);
  });

  it('names a number used twice, one out of order, and a stale index', () => {
    const run = check(treeQuoting('', '2. **Envelopes.** Always.\n1. **Int64 ids.** Numbers.\n2. **Again.** Twice.\n'));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('decision 2 is in docs/decisions/wire.md and in docs/decisions/wire.md');
    expect(run.stderr).toContain('docs/decisions/wire.md: decision 1 is out of number order');
    expect(run.stderr).toContain('the index is stale');
  });
});
