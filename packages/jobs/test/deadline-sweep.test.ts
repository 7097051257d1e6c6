import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_ANSWER_GRACE_MS } from '@assay/domain';
import { silentLog } from '@assay/testing';
import { DeadlineSweeper } from '../src/index.js';
import { openWorld, type World } from './world.js';

const MINUTE = 60_000;

describe.each(['sqlite', 'postgres'] as const)('the deadline sweep on %s', (backend) => {
  let world: World;
  beforeAll(async () => {
    world = await openWorld(backend, inject('pgUrl'));
  });
  afterAll(async () => {
    await world.dispose();
  });

  it('completes an attempt whose time and grace are over, queues its scoring, and leaves a running one alone', async () => {
    const t0 = 1_000_000_000;
    const overdue = await world.register();
    const running = await world.register();
    await world.start(overdue, t0);
    await world.start(running, t0 + 5 * MINUTE);
    let now = t0 + 10 * MINUTE + DEFAULT_ANSWER_GRACE_MS - 1;
    const sweeper = new DeadlineSweeper(world.store, () => now, silentLog);

    // Until the grace after the deadline is over, answers made before the deadline may still arrive: nothing is due.
    expect(await sweeper.sweep()).toBe(0);
    now += 1;
    expect(await sweeper.sweep()).toBe(1);
    expect(await world.status(overdue)).toBe('Completed');
    expect(await world.status(running)).toBe('In progress');
    const queued = await world.store.db.selectFrom('jobs').select(['invitation_id', 'kind']).where('invitation_id', 'in', [overdue, running]).execute();
    expect(queued).toEqual([{ invitation_id: overdue, kind: 'score' }]);
    // A second pass finds nothing more to do.
    expect(await sweeper.sweep()).toBe(0);
  });
});
