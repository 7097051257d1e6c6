import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceReadiness } from '@assay/domain';
import type { CompilerWarmth } from '@assay/sandbox';
import { expectSuccess } from './helpers/expectations.js';
import { startHarness, type Harness } from './helpers/test-app.js';

/** Issue 59, point 5: the first run on a fresh server waited 12–23 s for its compiler, and nothing said why. */
describe('/readyz says whose compilers are still warming (decision 1045)', () => {
  let h: Harness;
  let warmth: Partial<Record<string, CompilerWarmth>> = { java: 'warming', cpp: 'ready', rust: 'failed', csharp: 'warming' };

  beforeAll(async () => {
    h = await startHarness('sqlite', {}, undefined, (app: FastifyInstance) => {
      app.assay.runner.compilerWarmth = () => warmth;
    });
  });
  afterAll(() => h.close());

  it('is ready meanwhile, and lists the languages still warming in the registry order', async () => {
    const ready = expectSuccess<ServiceReadiness>(await h.request({ method: 'GET', url: '/readyz', apiKey: null }));
    expect(ready.status).toBe('ok');
    expect(ready.languages.warming).toEqual(['java', 'csharp']);
    warmth = { java: 'ready', csharp: 'ready' };
    expect(expectSuccess<ServiceReadiness>(await h.request({ method: 'GET', url: '/readyz', apiKey: null })).languages.warming).toEqual([]);
  });
});
