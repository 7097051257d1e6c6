import { describe, expect, it } from 'vitest';
import { FairQueue, type Ticket } from './fair-queue.js';

/** lane → org → link → address → candidate, as the pool builds it. */
const path = (candidate: string, { lane = 'candidate', org = 'o', link = 'l', address = 'a' } = {}) => [lane, org, link, address, candidate];

const queue = (weights?: Record<string, number>) => new FairQueue<string>({ defaultCostMs: 10, ...(weights ? { weights } : {}) });

/** Takes every entry that can start, runs each for `cost(item)` ms, and answers the items in the order they started. */
const drain = (q: FairQueue<string>, cost: (item: string) => number = () => 10): string[] => {
  const started: string[] = [];
  for (let ticket = q.take(); ticket !== undefined; ticket = q.take()) {
    started.push(ticket.item);
    q.done(ticket, cost(ticket.item));
  }
  return started;
};

/** Runs one entry of `item`'s candidate for `cost` ms, so the queue has measured it. */
const ran = (q: FairQueue<string>, item: string, at: string[], cost: number) => {
  q.add(item, at);
  const ticket = q.take()!;
  expect(ticket.item).toBe(item);
  q.done(ticket, cost);
};

describe('FairQueue: which waiting run starts next', () => {
  it('starts runs without an owner of their own in the order they came', () => {
    const q = queue();
    for (const item of ['a', 'b', 'c', 'd']) q.add(item, path(`run ${item}`));
    expect(drain(q)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('runs one entry of a candidate at a time: the next waits until the first is done, however many are queued', () => {
    const q = queue();
    q.add('x1', path('x'));
    q.add('x2', path('x'));
    const first = q.take()!;
    expect(first.item).toBe('x1');
    expect(q.take()).toBeUndefined();
    expect(q.waiting).toBe(1);
    q.done(first, 5);
    expect(q.take()?.item).toBe('x2');
  });

  it('starts an honest candidate before ten that loop, once their runs were measured, whoever came first', () => {
    const q = queue();
    for (let i = 0; i < 10; i += 1) ran(q, `loop ${i}`, path(`looper ${i}`, { address: `10.0.0.${i}` }), 3000);
    for (let i = 0; i < 10; i += 1) q.add(`loop ${i} again`, path(`looper ${i}`, { address: `10.0.0.${i}` }));
    q.add('honest', path('honest', { address: '192.0.2.1' }));
    expect(q.take()?.item).toBe('honest');
  });

  it('takes candidates of the same standing in turn (round robin)', () => {
    const q = queue();
    for (const candidate of ['a', 'b', 'c']) for (let run = 1; run <= 2; run += 1) q.add(`${candidate}${run}`, path(candidate, { address: candidate }));
    expect(drain(q)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2']);
  });

  it('shares between client addresses first: one address with ten candidates gets as many turns as one with one', () => {
    const q = queue();
    for (let i = 0; i < 10; i += 1) for (let run = 0; run < 3; run += 1) q.add(`crowd ${i}`, path(`crowd ${i}`, { address: 'crowd' }));
    for (let run = 0; run < 3; run += 1) q.add('alone', path('alone', { address: 'alone' }));
    expect(drain(q).slice(0, 6)).toEqual(['crowd 0', 'alone', 'crowd 1', 'alone', 'crowd 2', 'alone']);
  });

  it('shares between orgs before links, and between links before addresses', () => {
    const q = queue();
    for (let i = 0; i < 4; i += 1) q.add(`big ${i}`, path(`big ${i}`, { org: 'big', link: `link ${i}`, address: `a${i}` }));
    for (let i = 0; i < 2; i += 1) q.add(`small ${i}`, path(`small ${i}`, { org: 'small', link: 'one', address: `b${i}` }));
    expect(drain(q)).toEqual(['big 0', 'small 0', 'big 1', 'small 1', 'big 2', 'big 3']);
  });

  it('shares worker time, not turns: a flow whose runs cost more gets fewer of them', () => {
    const q = queue();
    for (let run = 0; run < 6; run += 1) {
      q.add('slow', path('slow', { address: 'slow' }));
      q.add('fast', path('fast', { address: 'fast' }));
    }
    const started = drain(q, (item) => (item === 'slow' ? 30 : 10)).slice(0, 8);
    expect(started).toEqual(['slow', 'fast', 'fast', 'fast', 'slow', 'fast', 'fast', 'fast']);
  });

  it('interleaves the lanes by weight when both wait, and neither waits behind the other', () => {
    const even = queue();
    for (let run = 0; run < 4; run += 1) {
      even.add('score', path(`attempt ${run}`, { lane: 'scoring' }));
      even.add('run', path(`candidate ${run}`));
    }
    expect(drain(even)).toEqual(['score', 'run', 'score', 'run', 'score', 'run', 'score', 'run']);

    const scoringFirst = queue({ candidate: 1, scoring: 3 });
    for (let run = 0; run < 8; run += 1) {
      scoringFirst.add('score', path(`attempt ${run}`, { lane: 'scoring' }));
      scoringFirst.add('run', path(`candidate ${run}`));
    }
    expect(drain(scoringFirst).slice(0, 8)).toEqual(['score', 'run', 'score', 'score', 'score', 'run', 'score', 'score']);
  });

  it('banks a bounded credit for idle time: a flow back after others ran long goes ahead by that much, then takes turns', () => {
    const q = new FairQueue<string>({ defaultCostMs: 100, idleCreditMs: 250 });
    for (let run = 0; run < 20; run += 1) ran(q, 'busy', path('busy', { address: 'busy' }), 100);
    for (let run = 0; run < 5; run += 1) {
      q.add('busy', path('busy', { address: 'busy' }));
      q.add('back', path('back', { address: 'back' }));
    }
    // 250 ms of credit: about two and a half of its runs ahead of the flow that just ran 2 s, not twenty.
    expect(drain(q, () => 100)).toEqual(['back', 'back', 'back', 'back', 'busy', 'back', 'busy', 'busy', 'busy', 'busy']);
  });

  it('puts a candidate who runs now and then ahead of ten that have just had their turn, even when it comes last', () => {
    const q = queue();
    const loopers = Array.from({ length: 10 }, (_, i) => path(`looper ${i}`, { address: `10.0.0.${i}` }));
    loopers.forEach((at, i) => q.add(`loop ${i}`, at));
    expect(drain(q, () => 1000)).toHaveLength(10);
    loopers.forEach((at, i) => q.add(`loop ${i} again`, at));
    const [first, second] = [q.take()!, q.take()!];
    q.add('honest', path('honest', { address: '192.0.2.1' }));
    q.done(first, 1000);
    expect(q.take()?.item).toBe('honest');
    q.done(second, 1000);
  });

  it('keeps the debt of a long run: the flow waits while the others catch up', () => {
    const q = queue();
    ran(q, 'loop', path('loop', { address: 'loop' }), 3000);
    q.add('loop', path('loop', { address: 'loop' }));
    for (let run = 0; run < 5; run += 1) q.add('quick', path('quick', { address: 'quick' }));
    expect(drain(q)).toEqual(['quick', 'quick', 'quick', 'quick', 'quick', 'loop']);
  });

  it('predicts with order() the order take() gives, without changing the queue', () => {
    const q = queue();
    ran(q, 'loop', path('loop', { address: 'x' }), 500);
    const items = ['loop', 'p', 'q', 'r'];
    for (const item of items) q.add(item, path(item, { address: item === 'q' ? 'x' : item }));
    q.add('score', path('attempt', { lane: 'scoring' }));
    const predicted = q.order().map((ticket: Ticket<string>) => ticket.item);
    expect(q.waiting).toBe(5);
    expect(drain(q, (item) => (item === 'loop' ? 500 : 10))).toEqual(predicted);
  });

  it('takes a cancelled entry out of the queue', () => {
    const q = queue();
    const gone = q.add('gone', path('gone'));
    q.add('kept', path('kept'));
    expect(q.remove(gone)).toBe(true);
    expect(q.remove(gone)).toBe(false);
    expect(q.waitingIn('candidate')).toBe(1);
    expect(drain(q)).toEqual(['kept']);
  });

  it('estimates a run by its candidate’s last one, else its lane’s mean, else the default', () => {
    const q = queue();
    expect(q.estimateOf(q.add('first', path('x')))).toBe(10);
    drain(q, () => 100);
    expect(q.estimateOf(q.add('again', path('x')))).toBe(100);
    expect(q.estimateOf(q.add('new', path('y')))).toBe(100);
    expect(q.estimateOf(q.add('score', path('z', { lane: 'scoring' })))).toBe(10);
  });
});
