import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { withinHeapBudget } from './heap-budget.js';

const MiB = 2 ** 20;

async function* numbers(count: number): AsyncGenerator<number> {
  for (let i = 0; i < count; i++) yield i;
}

const drain = async <T>(rows: AsyncIterable<T>): Promise<T[]> => {
  const seen: T[] = [];
  for await (const row of rows) seen.push(row);
  return seen;
};

describe('withinHeapBudget', () => {
  it('passes every row through, in order, and collects once the old generation outgrows the budget', async () => {
    // A heap that grows 1 MiB per reading and falls back to 10 MiB when collected.
    let heap = 10 * MiB;
    const collections: number[] = [];
    const rows = await drain(
      withinHeapBudget(numbers(10_000), {
        budgetBytes: 4 * MiB,
        everyRows: 100,
        oldGeneration: () => (heap += MiB),
        collect: () => {
          collections.push(heap);
          heap = 10 * MiB;
        },
      }),
    );
    expect(rows).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
    // Each collection comes when the growth since the last clean heap first passes 4 MiB: every fifth reading.
    expect(collections.length).toBe(20);
    expect(Math.max(...collections)).toBeLessThanOrEqual(16 * MiB);
  });

  it('counts from the lower heap when V8 collected by itself, and leaves a stream within budget alone', async () => {
    const readings = [50, 60, 20, 30, 40, 50].map((mb) => mb * MiB);
    let collected = 0;
    await drain(
      withinHeapBudget(numbers(500), {
        budgetBytes: 25 * MiB,
        everyRows: 100,
        oldGeneration: () => readings.shift() ?? 0,
        collect: () => {
          collected += 1;
        },
      }),
    );
    // 50 → 60 is within budget; V8 brought it to 20, and 20 → 50 is 30 MiB: one collection, counted from 20.
    expect(collected).toBe(1);
  });

  it('holds a real stream of promoted garbage near its budget', async () => {
    const oldSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;
    const start = oldSpace();
    let peak = start;
    async function* batches(): AsyncGenerator<{ id: number; name: string }[]> {
      for (let batch = 0; batch < 60; batch++) {
        // Rows that outlive a few scavenges before they are dropped, as a read-ahead batch does.
        const rows = Array.from({ length: 20_000 }, (_, id) => ({ id, name: `candidate ${batch}-${id}` }));
        await new Promise((resolve) => setImmediate(resolve));
        yield rows;
        peak = Math.max(peak, oldSpace());
      }
    }
    let seen = 0;
    for await (const rows of withinHeapBudget(batches(), { budgetBytes: 16 * MiB, everyRows: 1 })) seen += rows.length;
    expect(seen).toBe(60 * 20_000);
    // Sixty batches of ~1.5 MB each: ~90 MB allocated in all, never more than the budget and a batch or two above.
    expect(peak - start).toBeLessThan(40 * MiB);
  });
});
