import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@assay/config';
import type { Store } from '@assay/store';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { generateApiKey } from '../../src/auth/api-key.js';
import { redactUrl } from '../../src/logging/redaction.js';
import { sampleDefinition } from '../helpers/fixtures.js';
import { GENEROUS_RATE_LIMITS } from '../helpers/generous-limits.js';
import { PUBLIC_URL, openTestStore } from '../helpers/test-app.js';
import { NO_COMPILER_WARM_UP } from '../helpers/no-compiler-warm-up.js';

/**
 * Issue 59 point 7 (decision 1007): at debug level each request's line carries its URL; the invitation list's search
 * words (`q`: a candidate's name or address) and any address in a URL are redacted, however the URL spells them.
 */
describe('search words stay out of the debug log', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let store: Store;
  let dispose: () => Promise<void>;
  let apiKey: string;
  let testId: number;

  beforeAll(async () => {
    ({ store, dispose } = await openTestStore('sqlite'));
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config: loadConfig({ ASSAY_PUBLIC_URL: PUBLIC_URL, ...GENEROUS_RATE_LIMITS, ...NO_COMPILER_WARM_UP }),
      store,
      logger: { level: 'debug', stream },
    });
    const org = await store.orgs.create({ name: 'Searched', email: 'searched@example.com', timeZoneId: 1000 }, Date.now());
    const key = generateApiKey();
    await store.apiKeys.insert(org.id, key.keyHash, key.prefix, Date.now());
    apiKey = key.apiKey;
    const imported = await app.inject({ method: 'POST', url: '/v2/org/tests', headers: { 'x-api-key': apiKey }, payload: sampleDefinition });
    testId = imported.json<{ result: { testId: number } }>().result.testId;
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('logs the search as [redacted], in every spelling', async () => {
    for (const query of ['q=Lovelace%20ada.lovelace%40x.test', 'Q=Lovelace', '%71=Lovelace', 'q=Lovelace&q=ada', 'status=Pending&email=ada.lovelace@x.test']) {
      const answer = await app.inject({ method: 'GET', url: `/v2/org/tests/${testId}/invitations?${query}`, headers: { 'x-api-key': apiKey } });
      expect(answer.statusCode, `${query}: ${answer.body}`).toBeLessThan(500);
    }
    const logged = lines.join('\n');
    expect(logged).toContain('request completed');
    expect(logged.toLowerCase()).not.toMatch(/lovelace|ada\.lovelace|%40x\.test/);
  });

  it('redacts the value of q and any address, and keeps the rest of the URL', () => {
    expect(redactUrl('/v2/org/tests/4/invitations?q=Ann&status=Pending')).toBe('/v2/org/tests/4/invitations?q=[redacted]&status=Pending');
    expect(redactUrl('/v2/org/x?who=ann%40x.test')).toBe('/v2/org/x?who=[redacted]');
    expect(redactUrl('/v2/org/candidates/ann@x.test/notes')).toBe('/v2/org/candidates/[redacted]/notes');
  });
});
