import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The rules live in the root biome.json (`pnpm lint` applies them package by package); these tests run the same
// Biome with the same file on the whole tree at once, and on small trees that break each rule, so that a rule
// dropped from the file fails here too.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIOME = createRequire(join(ROOT, 'package.json')).resolve('@biomejs/biome/bin/biome');
const RULES = ['--only=suspicious/noImportCycles', '--only=style/noRestrictedImports'];

const lint = (root: string, paths: string[]) => {
  const run = spawnSync(process.execPath, [BIOME, 'lint', '--max-diagnostics=50', ...RULES, ...paths], { cwd: root, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

/** A tree with the repository's Biome settings and the given source files. */
const treeWith = (files: Record<string, string>) => {
  const root = mkdtempSync(join(tmpdir(), 'assay-import-rules-'));
  copyFileSync(join(ROOT, 'biome.json'), join(root, 'biome.json'));
  writeFileSync(join(root, '.gitignore'), 'node_modules\n');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
};

describe('the import rules', () => {
  it('hold on the whole tree: no import loop, the domain imports no Assay package, the settings only the domain', () => {
    const run = lint(ROOT, ['packages', 'apps']);
    expect(run.output).not.toContain('noImportCycles');
    expect(run.output).not.toContain('noRestrictedImports');
    expect(run.status).toBe(0);
  });

  it('refuse a loop, naming the files it goes through, across .js imports of .ts and .tsx files and export *', () => {
    const root = treeWith({
      'packages/store/src/attempts.ts': "import { b } from './engine/reads.js';\nexport const a = () => b;\n",
      'packages/store/src/engine/reads.ts': "export * from './turns.js';\n",
      'packages/store/src/engine/turns.tsx': "import { a } from '../attempts.js';\nexport const b = () => a;\n",
    });
    const run = lint(root, ['packages']);
    expect(run.status).toBe(1);
    expect(run.output).toContain('lint/suspicious/noImportCycles');
    for (const file of ['attempts.ts', 'reads.ts', 'turns.tsx']) expect(run.output).toContain(file);
  });

  it('refuse a loop made of type imports too', () => {
    const root = treeWith({
      'apps/candidate-web/src/answers.ts': "import type { View } from './view.js';\nexport type Answer = { view: View };\n",
      'apps/candidate-web/src/view.ts': "import type { Answer } from './answers.js';\nexport type View = { answers: Answer[] };\n",
    });
    const run = lint(root, ['apps']);
    expect(run.status).toBe(1);
    expect(run.output).toContain('lint/suspicious/noImportCycles');
  });

  it('refuse an Assay package, or the domain by its own name, imported by the domain', () => {
    const root = treeWith({
      'packages/domain/src/scoring.ts': "import { store } from '@assay/store';\nexport const s = store;\n",
      'packages/domain/src/report.ts': "import { a } from '@assay/domain/candidate';\nexport const r = a;\n",
    });
    const run = lint(root, ['packages']);
    expect(run.status).toBe(1);
    expect(run.output).toContain("'@assay/store'");
    expect(run.output).toContain("'@assay/domain/candidate'");
    expect(run.output).toContain('The domain is pure');
  });

  it('let the settings import the domain, and nothing else of Assay', () => {
    const allowed = treeWith({
      'packages/config/src/limits.ts':
        "import { a } from '@assay/domain';\nimport { b } from '@assay/domain/core';\nimport { z } from 'zod';\nexport const l = [a, b, z];\n",
    });
    expect(lint(allowed, ['packages']).status).toBe(0);

    const refused = treeWith({
      'packages/config/src/limits.ts': "import { limits } from '@assay/sandbox';\nimport { s } from '@assay/store/engine';\nexport const l = [limits, s];\n",
    });
    const run = lint(refused, ['packages']);
    expect(run.status).toBe(1);
    expect(run.output).toContain("'@assay/sandbox'");
    expect(run.output).toContain("'@assay/store/engine'");
    expect(run.output).toContain('nothing of Assay but the domain');
  });
});
