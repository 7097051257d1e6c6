import { describe, expect, it } from 'vitest';
import type { ReconciliationEvent } from '../src/index.js';
import { ok, useScriptedServer } from './helpers/scripted-server.js';

const TESTS = Array.from({ length: 250 }, (_, index) => ({
  testId: index + 1,
  testName: `Test ${index + 1}`,
  accessKey: `k${index + 1}`,
  duration: 30,
  questions: 5,
  testStatus: 'Active',
}));

const event = (testInvitationId: number, at: string): ReconciliationEvent => ({
  type: 'completed',
  at,
  testInvitationId,
  testId: 1,
  emailId: `c${testInvitationId}@example.com`,
});

describe('paging through everything', () => {
  const scripted = useScriptedServer();
  const { client } = scripted;

  it('for await walks every test, 100 a page', async () => {
    scripted.server().script((request) => {
      const query = new URL(request.url, 'http://x').searchParams;
      const size = Number(query.get('page_size'));
      const page = Number(query.get('page_no'));
      return ok({ tests: TESTS.slice((page - 1) * size, page * size), testsCount: TESTS.length });
    });
    const seen: number[] = [];
    for await (const test of client().tests.all()) seen.push(test.testId);
    expect(seen).toEqual(TESTS.map((test) => test.testId));
    expect(scripted.server().requests.map((request) => request.url)).toEqual([
      '/v2/org/tests?page_size=100&page_no=1',
      '/v2/org/tests?page_size=100&page_no=2',
      '/v2/org/tests?page_size=100&page_no=3',
    ]);
  });

  it('keeps paging when the server serves fewer tests a page than asked (a cap of its own), until the count is reached', async () => {
    scripted.server().script((request) => {
      const query = new URL(request.url, 'http://x').searchParams;
      const size = Math.min(50, Number(query.get('page_size')));
      const page = Number(query.get('page_no'));
      return ok({ tests: TESTS.slice((page - 1) * size, page * size).slice(0, 120 - (page - 1) * size), testsCount: 120 });
    });
    const seen: number[] = [];
    for await (const test of client().tests.all()) seen.push(test.testId);
    expect(seen).toEqual(TESTS.slice(0, 120).map((test) => test.testId));
    expect(scripted.server().requests.map((request) => new URL(request.url, 'http://x').searchParams.get('page_no'))).toEqual(['1', '2', '3']);
  });

  it('stops when a page brings nothing new (a server that ignores page_no), each test once', async () => {
    scripted.server().script(() => ok({ tests: TESTS.slice(0, 10), testsCount: 999 }));
    const seen = [];
    for await (const test of client().tests.all()) seen.push(test.testId);
    expect(seen).toEqual(TESTS.slice(0, 10).map((test) => test.testId));
    expect(scripted.server().requests).toHaveLength(2);
  });

  it('stops on an empty page even when the count promises more', async () => {
    scripted.server().script(() => ok({ tests: [], testsCount: 999 }));
    const seen = [];
    for await (const test of client().tests.all()) seen.push(test);
    expect(seen).toEqual([]);
    expect(scripted.server().requests).toHaveLength(1);
  });

  it('walks the events window page by page, each event once though pages share their boundary instant', async () => {
    const pages = [
      { events: [event(1, '2026-03-01T10:00:00.000Z'), event(2, '2026-03-01T10:05:00.000Z')], next: '2026-03-01T10:05:00.000Z' },
      { events: [event(2, '2026-03-01T10:05:00.000Z'), event(3, '2026-03-01T10:07:00.000Z')], next: '2026-03-01T10:07:00.000Z' },
      { events: [event(3, '2026-03-01T10:07:00.000Z')], next: null },
    ];
    scripted.server().script((_request, index) => ok(pages[index]));
    const seen: number[] = [];
    for await (const entry of client().events.all({ from: new Date('2026-03-01T00:00:00Z'), limit: 2 })) seen.push(entry.testInvitationId);
    expect(seen).toEqual([1, 2, 3]);
    expect(scripted.server().requests.map((request) => new URL(request.url, 'http://x').searchParams.get('from'))).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-03-01T10:05:00.000Z',
      '2026-03-01T10:07:00.000Z',
    ]);
    expect(new URL(scripted.server().requests[0]!.url, 'http://x').searchParams.get('limit')).toBe('2');
  });

  it('follows new events as they happen until aborted, each once', async () => {
    // `from` pins where following starts: left to follow's own clock, a busy machine could start it after `first`.
    const now = Date.now();
    const early = event(1, new Date(now - 120_000).toISOString());
    const first = event(2, new Date(now + 10).toISOString());
    const second = event(3, new Date(now + 20).toISOString());
    const answers = [
      [early, first],
      [first, second],
      [first, second],
    ];
    scripted.server().script((_request, index) => ok({ events: answers[Math.min(index, 2)], next: null }));
    const controller = new AbortController();
    const seen: number[] = [];
    for await (const entry of client().events.follow({ from: new Date(now), intervalMs: 20, signal: controller.signal })) {
      seen.push(entry.testInvitationId);
      if (seen.length === 2) setTimeout(() => controller.abort(), 60);
    }
    expect(seen).toEqual([2, 3]);
    expect(scripted.server().requests.length).toBeGreaterThanOrEqual(2);
  });
});
