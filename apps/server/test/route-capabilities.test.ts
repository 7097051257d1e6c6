import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { declareRouteCapabilities } from '../src/plugins/route-capabilities.js';

/** A route added to `/v2/org` without a line in auth/route-capabilities.ts stops the server from starting. */
describe('route capabilities', () => {
  const scoped = async (register: (scope: Parameters<typeof declareRouteCapabilities>[0]) => void) => {
    const app = Fastify();
    await app.register(
      async (scope) => {
        declareRouteCapabilities(scope, { 'GET /v2/org/things': 'read-tests', 'POST /v2/org/things': 'import-tests' });
        // What the API-key hook does: the key's owner, here with the role the request names.
        scope.decorateRequest('org', null as never);
        scope.addHook('onRequest', async (request) => {
          request.org = { role: request.headers['x-role'] === 'reviewer' ? 'reviewer' : 'admin' } as typeof request.org;
        });
        register(scope);
      },
      { prefix: '/v2/org' },
    );
    return app;
  };

  it('gives each declared route, and the HEAD of a GET, its capability', async () => {
    const seen: unknown[] = [];
    const app = await scoped((scope) => {
      scope.get('/things', async (request) => request.routeOptions.config.capability);
      scope.post('/things', async (request) => request.routeOptions.config.capability);
      scope.addHook('onResponse', async (request) => void seen.push(request.routeOptions.config.capability));
    });
    expect((await app.inject({ method: 'GET', url: '/v2/org/things' })).body).toBe('read-tests');
    expect((await app.inject({ method: 'POST', url: '/v2/org/things' })).body).toBe('import-tests');
    expect((await app.inject({ method: 'HEAD', url: '/v2/org/things' })).statusCode).toBe(200);
    expect(seen).toEqual(['read-tests', 'import-tests', 'read-tests']);
    const reviewer = { 'x-role': 'reviewer' };
    expect((await app.inject({ method: 'GET', url: '/v2/org/things', headers: reviewer })).body).toBe('read-tests');
    const refused = await app.inject({ method: 'POST', url: '/v2/org/things', headers: reviewer });
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/reviewer key/) });
    await app.close();
  });

  it('refuses to register a route the table does not name', async () => {
    await expect(scoped((scope) => scope.delete('/things', async () => 'gone'))).rejects.toThrow(/DELETE \/v2\/org\/things declares no capability/);
  });
});
