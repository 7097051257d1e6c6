import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const NODE_ONLY = new Set(['node.ts']);

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : [],
  );

describe('the main entry runs in browsers', () => {
  it('imports nothing from node: (Node-only helpers live behind @assay/client/node)', () => {
    const offenders = sources(SRC)
      .filter((file) => !NODE_ONLY.has(relative(SRC, file)))
      .filter((file) => /from ['"](node:|fs|path|http|https|stream|crypto)['"/]/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  it('never touches the server, store or worker', () => {
    const offenders = sources(SRC).filter((file) => /@assay\/(server|store|worker|sandbox|delivery)/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
