import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestDefinition } from '@assay/domain';
import { openScratchStore, type Store } from '../src/index.js';
import { oneQuestionTest } from './fixtures.js';

const T0 = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

/** Migration 064 and the test previews repository (issue 62 item 3): made, found by token hash alone, swept when expired. */
describe.each(['sqlite', 'postgres'] as const)('test previews on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  const definition = TestDefinition.parse(oneQuestionTest('Preview'));
  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, T0)).id;
  });
  afterAll(() => dispose());

  const make = (tokenHash: string, createdAt: number, testId: number | null = null) =>
    store.testPreviews.create({ orgId, tokenHash, testId, definition, createdAt, expiresAt: createdAt + DAY });

  it('keeps the definition as parsed and finds the preview by its token hash alone', async () => {
    const made = await make('a'.repeat(64), T0);
    expect(made).toEqual({ previewId: made.previewId, orgId, testId: null, definition, createdAt: T0, expiresAt: T0 + DAY });
    expect(await store.testPreviews.findByTokenHash('a'.repeat(64))).toEqual(made);
    expect(await store.testPreviews.idOfTokenHash('a'.repeat(64))).toBe(made.previewId);
    expect(await store.testPreviews.findByTokenHash('b'.repeat(64))).toBeUndefined();
    expect(await store.testPreviews.idOfTokenHash('b'.repeat(64))).toBeUndefined();
  });

  it('refuses a second preview with the same token hash', async () => {
    await expect(make('a'.repeat(64), T0)).rejects.toThrow();
  });

  it('sweeps only the previews expired at the instant', async () => {
    await make('c'.repeat(64), T0 + DAY, 7);
    expect(await store.testPreviews.deleteExpired(T0 + DAY - 1)).toBe(0);
    expect(await store.testPreviews.deleteExpired(T0 + DAY)).toBe(1);
    expect(await store.testPreviews.findByTokenHash('a'.repeat(64))).toBeUndefined();
    expect((await store.testPreviews.findByTokenHash('c'.repeat(64)))?.testId).toBe(7);
  });
});
