import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { everyRefusalKind, refusalKinds } from './refusal-kind.js';

// Decision 952: the domain's decisions refuse with kinds; the v2 wire format (its statuscodes and envelope) lives in
// src/v2/ and the `@assay/domain/v2` entry (src/v2.ts), and nothing else in the domain reaches for it.
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const V2_DIR = join(SRC, 'v2');
const V2_ENTRY = join(SRC, 'v2.ts');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

const decisionFiles = sourceFiles(SRC).filter((path) => path !== V2_ENTRY && !path.startsWith(`${V2_DIR}/`));

/** The module specifiers of every import and re-export in a file. */
const specifiersOf = (text: string): string[] => [...text.matchAll(/(?:import|export)[^'";]*?from\s*['"]([^'"]+)['"]/g)].map((match) => match[1] ?? '');

/** Where a relative specifier points, without its extension. */
const targetOf = (file: string, specifier: string): string => resolve(dirname(file), specifier).replace(/\.js$/, '');

/** Quoted v2 statuscodes ('403.11') in code, comments aside. */
const statuscodeLiterals = (text: string): string[] => {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return [...code.matchAll(/['"`](\d{3}\.\d+)['"`]/g)].map((match) => match[1] ?? '');
};

describe('the v2 wire format stays apart from the domain (decision 952)', () => {
  it('finds the files it checks', () => {
    expect(decisionFiles.length).toBeGreaterThan(100);
    expect(decisionFiles).toContain(join(SRC, 'result.ts'));
  });

  it('no decision file imports src/v2/ or the v2 entry', () => {
    const offenders = decisionFiles.flatMap((file) =>
      specifiersOf(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('.') || specifier.startsWith('@assay/domain/v2'))
        .filter((specifier) => {
          if (specifier.startsWith('@assay/domain/v2')) return true;
          const target = targetOf(file, specifier);
          return target === V2_ENTRY.replace(/\.ts$/, '') || target === V2_DIR || target.startsWith(`${V2_DIR}/`);
        })
        .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no decision file names a v2 statuscode: it refuses with a kind', () => {
    const offenders = decisionFiles.flatMap((file) => statuscodeLiterals(readFileSync(file, 'utf8')).map((code) => `${relative(SRC, file)}: '${code}'`));
    expect(offenders).toEqual([]);
  });

  it('sees an import of v2, and a statuscode, where there is one (the checks can fail)', () => {
    const file = join(SRC, 'candidate', 'example.ts');
    expect(specifiersOf("import { fail } from '../v2/envelope.js';").map((specifier) => targetOf(file, specifier))).toEqual([join(V2_DIR, 'envelope')]);
    expect(statuscodeLiterals("refuse('403.11', 'over'); // not '404.2' in a comment")).toEqual(['403.11']);
  });
});

describe('the refusal kinds', () => {
  it('are kebab-case, once each, each with a line saying what it means', () => {
    expect(new Set(everyRefusalKind).size).toBe(everyRefusalKind.length);
    for (const kind of everyRefusalKind) {
      expect(kind).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      expect(refusalKinds[kind].length).toBeGreaterThan(10);
    }
  });
});
