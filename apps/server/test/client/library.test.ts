import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '@assay/client';
import { backends } from '../helpers/test-app.js';
import { startClientHarness, type ClientHarness } from './client-harness.js';

/** Issue 62 item 2 through @assay/client over real HTTP: the library filtered, an item, the ready tests, an import. */
describe.each(backends)('@assay/client library against the real server on %s', (backend) => {
  let t: ClientHarness;
  beforeAll(async () => {
    t = await startClientHarness(backend);
  });
  afterAll(() => t.close());

  it('lists, shows and imports, a retry making one test', async () => {
    const page = await t.client.library.list({ skill: 'Git', type: 'single_choice', page_size: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.itemsCount).toBeGreaterThan(1);
    const item = await t.client.library.item(page.items[0]!.id);
    expect(item.question.type).toBe('single_choice');
    await expect(t.client.library.item('no-such-item')).rejects.toBeInstanceOf(NotFoundError);
    const ready = await t.client.library.readyTests();
    const target = ready.find((test) => test.id === 'data-analyst-sql')!;
    const before = (await t.client.tests.list()).testsCount;
    const imported = await t.client.library.import({ readyTest: target.id }, { idempotencyKey: 'library-import-1' });
    const again = await t.client.library.import({ readyTest: target.id }, { idempotencyKey: 'library-import-1' });
    expect(again.testId).toBe(imported.testId);
    expect((await t.client.tests.list()).testsCount).toBe((before ?? 0) + 1);
    expect(imported.questions).toBe(target.questions);
  });
});
