import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Decision 990: a package names its public surface, so no source file of a package or an app re-exports a whole
// module (`export *`, `export type *`, `export * as`). The one exception is the domain's root, whose every line is one
// of the subpaths its package.json publishes: each of those lists its own names, and listing them all again in the
// root would write the same surface twice.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOMAIN_ROOT_ENTRY = 'packages/domain/src/index.ts';
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

const sourceFilesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFilesUnder(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });

/** Every source file under a package's or an app's src/, relative to the repository. */
const workspaceSources = (): string[] =>
  ['packages', 'apps'].flatMap((group) =>
    readdirSync(join(ROOT, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => {
        const src = join(ROOT, group, entry.name, 'src');
        return readdirSync(join(ROOT, group, entry.name)).includes('src') ? sourceFilesUnder(src) : [];
      })
      .map((path) => relative(ROOT, path)),
  );

/** The whole-module re-exports of a file, as `line: statement`; comments and strings that mention one do not count. */
const wholeModuleExports = (fileName: string, text: string): Array<{ line: number; statement: string; specifier: string }> => {
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  return sourceFile.statements
    .filter((statement): statement is ts.ExportDeclaration => ts.isExportDeclaration(statement))
    .filter((statement) => statement.exportClause === undefined || ts.isNamespaceExport(statement.exportClause))
    .map((statement) => ({
      line: sourceFile.getLineAndCharacterOfPosition(statement.getStart(sourceFile)).line + 1,
      statement: statement.getText(sourceFile),
      specifier: statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : '',
    }));
};

/** The domain's subpath entry files (not the root), as package.json publishes them, relative to the repository. */
const domainSubpathEntries = (): string[] => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'packages/domain/package.json'), 'utf8')) as {
    exports: Record<string, { '@assay/source': string }>;
  };
  return Object.entries(manifest.exports)
    .filter(([subpath]) => subpath !== '.')
    .map(([, conditions]) => join('packages/domain', conditions['@assay/source']));
};

describe('every package names its public surface (decision 990)', () => {
  const files = workspaceSources();

  it('finds the files it checks', () => {
    expect(files.length).toBeGreaterThan(1000);
    for (const file of ['packages/store/src/index.ts', 'packages/domain/src/report.ts', 'apps/server/src/app.ts']) expect(files).toContain(file);
  });

  it('no source file re-exports a whole module, but the domain root', () => {
    const offenders = files
      .filter((file) => file !== DOMAIN_ROOT_ENTRY)
      .flatMap((file) => wholeModuleExports(file, readFileSync(join(ROOT, file), 'utf8')).map(({ line, statement }) => `${file}:${line}: ${statement}`));
    expect(offenders).toEqual([]);
  });

  it("the domain root's whole-module re-exports are each one of its published subpaths", () => {
    const subpaths = new Set(domainSubpathEntries());
    const stars = wholeModuleExports(DOMAIN_ROOT_ENTRY, readFileSync(join(ROOT, DOMAIN_ROOT_ENTRY), 'utf8'));
    expect(stars.length).toBeGreaterThan(0);
    const targetOf = (specifier: string) => relative(ROOT, resolve(ROOT, dirname(DOMAIN_ROOT_ENTRY), specifier.replace(/\.js$/, '.ts')));
    const notSubpaths = stars
      .filter(({ statement, specifier }) => !statement.startsWith('export * from') || !subpaths.has(targetOf(specifier)))
      .map(({ line, statement }) => `${DOMAIN_ROOT_ENTRY}:${line}: ${statement}`);
    expect(notSubpaths).toEqual([]);
  });

  it('sees every form of whole-module re-export, and nothing else (the checks can fail)', () => {
    const text = [
      "export * from './a.js';",
      "export type * from './b.js';",
      "export * as c from './c.js';",
      "export { d } from './d.js';",
      "export type { E } from './e.js';",
      "// export * from './f.js';",
      'const g = "export * from \'./g.js\';";',
      'export { g };',
    ].join('\n');
    expect(wholeModuleExports('example.ts', text).map(({ line, specifier }) => `${line} ${specifier}`)).toEqual(['1 ./a.js', '2 ./b.js', '3 ./c.js']);
  });
});
