import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sampleDefinition } from '../helpers/fixtures.js';
import {
  buildIfStale,
  call,
  createOrg,
  diagnostics,
  importTest,
  inPool,
  killAll,
  scratchDatabase,
  startServer,
  waitUntil,
  type RunningServer,
} from './processes.js';

/**
 * Issue 27, item 2 on the real server process: keyed POSTs in flight when the server is SIGKILLed, retried on a new
 * process over the same database with the same keys and bodies. Before, the dead process's claims answered 409.1 for
 * two minutes (its lock time), and then the requests whose link had committed without their kept answer ran again.
 */
const KEYS = 60;
const IN_FLIGHT = 12;
/** Answers received before the kill: the crash lands among the first requests, with others in flight. */
const KILL_AFTER = 10;

const backends = ['sqlite', 'postgres'] as const;

interface Answer {
  status: number;
  body: string;
  replayed: boolean;
}

describe.each(backends)('Idempotency-Key across a SIGKILLed server (%s, real processes)', (backend) => {
  let databaseUrl: string;
  let disposeDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const built = buildIfStale();
    if (built.length > 0) console.warn(`idempotency-crash.test: built ${built.join(', ')} first`);
    ({ url: databaseUrl, dispose: disposeDatabase } = await scratchDatabase(backend, 'idem_crash', inject('pgUrl')));
  }, 180_000);

  afterAll(async () => {
    await killAll();
    await disposeDatabase?.();
  }, 60_000);

  it(`answers all ${KEYS} keys at once after the crash, replaying what committed: one link per key`, async ({ onTestFailed }) => {
    onTestFailed(() => console.error(`idempotency-crash diagnostics:\n${diagnostics()}`));
    let server: RunningServer = await startServer(`server-1-${backend}`, databaseUrl);
    const org = await createOrg(server.url, 'Crash Keys Org');
    const testId = await importTest(server.url, org.apiKey, sampleDefinition);
    const path = `/v2/org/tests/${testId}/testlinks`;

    const send = async (baseUrl: string, index: number): Promise<Answer> => {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': org.apiKey, 'content-type': 'application/json;charset=utf-8', 'idempotency-key': `crash-link-${index}` },
        body: JSON.stringify({ testLinkName: `Crash link ${index}`, accessTime: 0 }),
      });
      return { status: response.status, body: await response.text(), replayed: response.headers.get('idempotent-replayed') === 'true' };
    };

    // The first server: keyed requests streaming in, SIGKILLed as the tenth answer arrives.
    const first = server;
    let answered = 0;
    const beforeCrash = await inPool(
      Array.from({ length: KEYS }, (_, index) => index),
      IN_FLIGHT,
      async (index): Promise<Answer | undefined> => {
        if (!first.proc.alive()) return undefined;
        try {
          const answer = await send(first.url, index);
          answered += 1;
          if (answered === KILL_AFTER) first.proc.child.kill('SIGKILL');
          return answer;
        } catch {
          return undefined; // the connection died with the process
        }
      },
    );
    expect(await waitUntil(() => !first.proc.alive(), 10_000)).toBe(true);
    const answeredBefore = beforeCrash.flatMap((answer, index) => (answer?.status === 200 ? [[index, answer] as const] : []));
    expect(answeredBefore.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(answeredBefore.length, 'the kill must leave keys unanswered').toBeLessThan(KEYS);

    // A new process on the same database; every key is retried with its body, all at once.
    server = await startServer(`server-2-${backend}`, databaseUrl);
    const retries = await Promise.all(Array.from({ length: KEYS }, (_, index) => send(server.url, index)));
    const refused = retries.flatMap((answer, index) => (answer.status === 200 ? [] : [`key ${index}: ${answer.status} ${answer.body}`]));
    expect(refused, 'no key may wait for the dead process (409.1) or fail').toEqual([]);
    // What was answered before the crash is what the retry gets: the same link, replayed.
    for (const [index, answer] of answeredBefore) {
      expect(retries[index]!.body, `key ${index}`).toBe(answer.body);
      expect(retries[index]!.replayed, `key ${index}`).toBe(true);
    }

    const linkOf = (answer: Answer) => (JSON.parse(answer.body) as { result: { testLinkId: number; testLinkName: string } }).result;
    retries.forEach((answer, index) => expect(linkOf(answer).testLinkName).toBe(`Crash link ${index}`));
    const answeredIds = retries.map((answer) => linkOf(answer).testLinkId);
    expect(new Set(answeredIds).size, 'each key answers a link of its own').toBe(KEYS);
    const { testLinks } = await call<{ testLinks: { testLinkId: number; testLinkName: string }[] }>(server.url, 'GET', path, { apiKey: org.apiKey });
    const twice = testLinks.filter((link, index) => testLinks.findIndex((other) => other.testLinkName === link.testLinkName) !== index);
    expect(
      twice.map((link) => link.testLinkName),
      'links created twice',
    ).toEqual([]);
    expect(testLinks.map((link) => link.testLinkId).sort((a, b) => a - b)).toEqual([...answeredIds].sort((a, b) => a - b));
    console.info(
      `idempotency-crash (${backend}): ${answeredBefore.length} of ${KEYS} keys answered before the SIGKILL; ` +
        `${retries.filter((answer) => answer.replayed).length} replayed after the restart, ${testLinks.length} links`,
    );
  }, 180_000);
});
