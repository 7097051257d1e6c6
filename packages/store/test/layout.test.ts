import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Every .ts file under `folder` (of src), with the files of src it imports, as paths relative to src. */
const importsUnder = (folder: string): Array<{ file: string; imports: string[] }> =>
  readdirSync(join(src, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => {
      const path = join(src, folder, name);
      // import, import type, export … from and import(): all of them, as the compiler reads them.
      const { importedFiles } = ts.preProcessFile(readFileSync(path, 'utf8'), true, true);
      const imports = importedFiles
        .map(({ fileName }) => fileName)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => relative(src, resolve(dirname(path), specifier)));
      return { file: relative(src, path), imports };
    });

/** `file imports target` for each import of a file under `folder` that `refused` says it must not make. */
const refusedImports = (folder: string, refused: (target: string) => boolean): string[] =>
  importsUnder(folder).flatMap(({ file, imports }) => imports.filter(refused).map((target) => `${file} imports ${target}`));

describe("the store's layout (src/engine/README.md, src/repositories/README.md)", () => {
  it('the engine (how it stores) never imports a repository (what it stores) nor the assembly', () => {
    const allowed = (target: string) => target.startsWith('engine/') || target === 'database.js';
    expect(refusedImports('engine', (target) => !allowed(target))).toEqual([]);
  });

  it('repositories never import the assembly that holds them (store.ts, scratch-store.ts, index.ts)', () => {
    const assembly = new Set(['store.js', 'scratch-store.js', 'index.js']);
    expect(refusedImports('repositories', (target) => assembly.has(target))).toEqual([]);
  });
});
