import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ERASED_DATA_TABLES, openScratchStore, type Store } from '@assay/store';
import { runVacuumErased } from '../src/vacuum-command.js';

/** A PostgreSQL URL whose sessions put `schema` first on their search path, as a deployment's own database would be. */
const withSearchPath = (url: string, schema: string): string => {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
};

/**
 * `assay-server vacuum-erased` (issue 59 point 7, decision 1002): the command an operator runs after erasures on
 * PostgreSQL; what it does to the files is `vacuumErasedTables`'s test (packages/store/test/erased-data-vacuum.test.ts).
 */
describe('assay-server vacuum-erased', () => {
  let store: Store;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore('postgres', inject('pgUrl')));
  });
  afterAll(() => dispose());

  it('rewrites every table an erasure writes to on PostgreSQL, saying how long each was locked', async () => {
    const { code, out } = await runVacuumErased([], { ASSAY_DATABASE_URL: withSearchPath(inject('pgUrl'), store.schema!) });
    expect(out).toContain('VACUUM FULL');
    expect(code, out).toBe(0);
    for (const table of ERASED_DATA_TABLES) expect(out).toMatch(new RegExp(`^  ${table}: \\d+ ms$`, 'm'));
  });

  it('says there is nothing to do on SQLite, and refuses arguments', async () => {
    expect(await runVacuumErased([], { ASSAY_DATABASE_URL: 'sqlite:/tmp/nowhere/assay.db' })).toMatchObject({
      code: 0,
      out: expect.stringContaining('nothing to do'),
    });
    expect((await runVacuumErased(['--now'], {})).code).toBe(2);
  });
});
