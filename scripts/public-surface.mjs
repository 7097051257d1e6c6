#!/usr/bin/env node
// Prints the public surface of every workspace package: for each entry point its package.json "exports" (and "main")
// publishes, the names its built .d.ts exports, one `entry: name kind` line each, sorted. Run it before and after a
// change that must keep the surfaces the same (a refactor of entry files, a split) and diff the two outputs.
// It reads the built declarations, so build first (`pnpm turbo run build`). `--src` reads the src entry files instead
// (the "@assay/source" condition), which needs no build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const fromSource = process.argv.includes('--src');

function entryFile(target) {
  if (typeof target === 'string') return target;
  if (target === null || typeof target !== 'object') return null;
  if (fromSource && target['@assay/source']) return target['@assay/source'];
  return target.types ?? target.default ?? target.import ?? null;
}

function entriesOf(packageDir) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const entries = [];
  const exportsField = manifest.exports ?? {};
  for (const [subpath, target] of Object.entries(typeof exportsField === 'string' ? { '.': exportsField } : exportsField)) {
    const file = entryFile(target);
    if (file && /\.(d\.ts|ts|tsx)$/.test(file)) entries.push({ entry: `${manifest.name}${subpath.slice(1)}`, file: join(packageDir, file) });
  }
  if (manifest.main) {
    const declaration = manifest.main.replace(/\.js$/, '.d.ts');
    entries.push({ entry: `${manifest.name} (main)`, file: join(packageDir, declaration) });
  }
  return entries;
}

function kindOf(checker, symbol) {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const isValue = (target.flags & ts.SymbolFlags.Value) !== 0;
  const isType = (target.flags & (ts.SymbolFlags.Type | ts.SymbolFlags.Namespace)) !== 0;
  // A type-only re-export (`export type { X }`) of something that is also a value exports only the type.
  const typeOnly = symbol.declarations?.some((declaration) => ts.isTypeOnlyImportOrExportDeclaration(declaration)) ?? false;
  if (isValue && !typeOnly) return isType ? 'value+type' : 'value';
  return 'type';
}

const packageDirs = ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(root, group))
    .map((name) => join(root, group, name))
    .filter((dir) => existsSync(join(dir, 'package.json'))),
);
const entries = packageDirs.flatMap(entriesOf);
const missing = entries.filter(({ file }) => !existsSync(file));
for (const { entry, file } of missing) console.error(`missing ${entry}: ${file} (build first?)`);

const base = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile).config.compilerOptions;
const { options } = ts.convertCompilerOptionsFromJson(base, root);
if (!fromSource) options.customConditions = [];
const present = entries.filter(({ file }) => existsSync(file));
const program = ts.createProgram({ rootNames: present.map(({ file }) => file), options: { ...options, noEmit: true } });
const checker = program.getTypeChecker();

const lines = [];
for (const { entry, file } of present) {
  const sourceFile = program.getSourceFile(file);
  const moduleSymbol = sourceFile && checker.getSymbolAtLocation(sourceFile);
  if (!moduleSymbol) {
    lines.push(`${entry}: (not a module)`);
    continue;
  }
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) lines.push(`${entry}: ${symbol.getName()} ${kindOf(checker, symbol)}`);
}
process.stdout.write(`${lines.sort().join('\n')}\n`);
if (missing.length > 0) process.exitCode = 1;
