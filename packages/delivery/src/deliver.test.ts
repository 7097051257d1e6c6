import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort, startHttpPeer as startServer, type HttpPeer as TestServer } from '@assay/testing';
import { closeDeliveryAgents, deliverWebhook, USER_AGENT } from './deliver.js';
import { generateWebhookSecret, signWebhook } from './signing.js';

// Every request here goes to a node:http server on 127.0.0.1, hence allowPrivate: true throughout.
const servers: TestServer[] = [];
const serve = async (...args: Parameters<typeof startServer>): Promise<TestServer> => {
  const server = await startServer(...args);
  servers.push(server);
  return server;
};

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const body = JSON.stringify({ event: 'test.completed', candidate: 'Zoë Ångström', score: 87.5 });

describe('deliverWebhook against a real server', () => {
  it('delivers on 2xx, sending the body and headers exactly', async () => {
    const server = await serve((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    const result = await deliverWebhook({
      url: `${server.origin}/hooks/assay?tenant=7`,
      body,
      headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1700000000', 'Webhook-Signature': 'v1,abc' },
      allowPrivate: true,
    });

    expect(result).toMatchObject({ outcome: 'delivered', status: 200, connectedAddress: '127.0.0.1' });
    expect(result.error).toBeUndefined();
    expect(result.blocked).toBeUndefined();
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(server.requests).toHaveLength(1);
    const [received] = server.requests;
    expect(received?.method).toBe('POST');
    expect(received?.url).toBe('/hooks/assay?tenant=7');
    expect(received?.body).toBe(body);
    expect(received?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1700000000',
      'webhook-signature': 'v1,abc',
      'content-length': String(Buffer.byteLength(body)),
    });
  });

  it('sends a bodiless PATCH (Greenhouse\'s "test completed"): no body, no content-type, the caller\'s Authorization', async () => {
    const server = await serve((_request, response) => response.writeHead(204).end());
    const authorization = `Basic ${Buffer.from('gh-user:gh-secret').toString('base64')}`;
    const result = await deliverWebhook({
      url: `${server.origin}/take_home_tests/12345`,
      method: 'PATCH',
      body: null,
      headers: { Authorization: authorization },
      allowPrivate: true,
    });

    expect(result).toMatchObject({ outcome: 'delivered', status: 204 });
    const [received] = server.requests;
    expect(received?.method).toBe('PATCH');
    expect(received?.url).toBe('/take_home_tests/12345');
    expect(received?.body).toBe('');
    expect(received?.headers['content-type']).toBeUndefined();
    expect(received?.headers.authorization).toBe(authorization);
    expect(received?.headers['user-agent']).toBe(USER_AGENT);
  });

  it('delivers a signed callback that the receiver verifies from the raw body and headers it got', async () => {
    const secret = generateWebhookSecret();
    const server = await serve((_request, response) => response.writeHead(202).end());
    const headers = signWebhook([secret], { id: 'msg_signed', timestamp: new Date(), body });
    const result = await deliverWebhook({ url: server.origin, body, headers, allowPrivate: true });

    expect(result.outcome).toBe('delivered');
    const received = server.requests[0];
    const receivedHeaders = Object.fromEntries(Object.entries(received?.headers ?? {}).map(([name, value]) => [name, String(value)]));
    expect(new Webhook(secret).verify(received?.body ?? '', receivedHeaders)).toEqual(JSON.parse(body));
  });

  it('overrides a caller content-type or user-agent, whatever their case', async () => {
    const server = await serve((_request, response) => response.writeHead(204).end());
    const result = await deliverWebhook({
      url: server.origin,
      body,
      headers: { 'Content-Type': 'text/plain', 'USER-AGENT': 'curl/8' },
      allowPrivate: true,
    });
    expect(result.outcome).toBe('delivered');
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(server.requests[0]?.headers['user-agent']).toBe(USER_AGENT);
  });

  it('retries on 500 with the status and the start of the answer', async () => {
    const server = await serve((_request, response) => response.writeHead(500).end('database\nis down'));
    const result = await deliverWebhook({ url: server.origin, body, headers: {}, allowPrivate: true });
    expect(result).toMatchObject({ outcome: 'retry', status: 500, error: 'HTTP 500: database is down' });
    expect(result.retryAfterMs).toBeUndefined();
  });

  it('stops on 410 Gone', async () => {
    const server = await serve((_request, response) => response.writeHead(410).end());
    const result = await deliverWebhook({ url: server.origin, body, headers: {}, allowPrivate: true });
    expect(result).toMatchObject({ outcome: 'gone', status: 410 });
  });

  it('does not follow a redirect: a 302 is a failed attempt and its target is never hit', async () => {
    const target = await serve((_request, response) => response.writeHead(200).end());
    const server = await serve((_request, response) => response.writeHead(302, { location: `${target.origin}/elsewhere` }).end());
    const result = await deliverWebhook({ url: server.origin, body, headers: {}, allowPrivate: true });
    expect(result).toMatchObject({ outcome: 'retry', status: 302 });
    expect(result.error).toContain('redirects are not followed');
    expect(result.error).toContain(`${target.origin}/elsewhere`);
    expect(server.requests).toHaveLength(1);
    expect(target.connections()).toBe(0);
  });

  it('honours Retry-After in delta seconds on 429', async () => {
    const server = await serve((_request, response) => response.writeHead(429, { 'retry-after': '7' }).end());
    const result = await deliverWebhook({ url: server.origin, body, headers: {}, allowPrivate: true });
    expect(result).toMatchObject({ outcome: 'retry', status: 429, retryAfterMs: 7000 });
  });

  it('honours Retry-After as an HTTP-date on 503', async () => {
    const server = await serve((_request, response) => response.writeHead(503, { 'retry-after': new Date(Date.now() + 120_000).toUTCString() }).end());
    const result = await deliverWebhook({ url: server.origin, body, headers: {}, allowPrivate: true });
    expect(result).toMatchObject({ outcome: 'retry', status: 503 });
    // An HTTP-date has whole seconds, so up to a second of the two minutes is lost.
    expect(result.retryAfterMs).toBeGreaterThan(115_000);
    expect(result.retryAfterMs).toBeLessThanOrEqual(120_000);
  });

  it('gives up on a server that never answers within timeoutMs', async () => {
    const server = await serve(() => undefined);
    const started = Date.now();
    const result = await deliverWebhook({ url: server.origin, body, headers: {}, allowPrivate: true, timeoutMs: 500 });
    const took = Date.now() - started;
    expect(result.outcome).toBe('retry');
    expect(result.status).toBeUndefined();
    expect(result.error).toBe('timed out after 500 ms before the response headers');
    expect(server.requests).toHaveLength(1);
    expect(took).toBeGreaterThanOrEqual(450);
    expect(took).toBeLessThan(1500);
  });

  it('counts the response body in the timeout, and a failure keeps its status', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(500);
      response.write('partial');
    });
    const result = await deliverWebhook({ url: server.origin, body, headers: {}, allowPrivate: true, timeoutMs: 500 });
    expect(result).toMatchObject({ outcome: 'retry', status: 500 });
    expect(result.error).toBe('HTTP 500: partial; timed out after 500 ms while reading the response body');
    expect(result.latencyMs).toBeLessThan(1500);
  });

  it('keeps a 2xx delivered when the body then stalls: retrying would only duplicate the event', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200);
      response.write('accepted, and then nothing');
    });
    const result = await deliverWebhook({ url: server.origin, body, headers: {}, allowPrivate: true, timeoutMs: 500 });
    expect(result).toMatchObject({ outcome: 'delivered', status: 200 });
  });

  it('reads at most 64 KiB of an endless answer and moves on', async () => {
    const megabyte = Buffer.alloc(1024 * 1024, 'x');
    const server = await serve((_request, response) => {
      response.writeHead(500);
      const pump = (): void => {
        while (!response.destroyed && response.write(megabyte));
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
    });
    const result = await deliverWebhook({ url: server.origin, body, headers: {}, allowPrivate: true, timeoutMs: 5_000 });
    expect(result).toMatchObject({ outcome: 'retry', status: 500 });
    expect(result.error).toMatch(/^HTTP 500: x{200}$/);
    expect(result.latencyMs).toBeLessThan(4_000);
  });

  it('retries when the connection is refused', async () => {
    const port = await closedPort();
    const result = await deliverWebhook({ url: `http://127.0.0.1:${port}/`, body, headers: {}, allowPrivate: true });
    expect(result.outcome).toBe('retry');
    expect(result.status).toBeUndefined();
    expect(result.blocked).toBeUndefined();
    expect(result.error).toContain('ECONNREFUSED');
  });

  it('retries when the server drops the connection without answering', async () => {
    const server = await serve((request) => request.socket.destroy());
    const result = await deliverWebhook({ url: server.origin, body, headers: {}, allowPrivate: true });
    expect(result.outcome).toBe('retry');
    expect(result.status).toBeUndefined();
    expect(result.error).toBeTruthy();
  });

  it('lets attempts in flight finish on closeDeliveryAgents', async () => {
    const server = await serve((_request, response) => setTimeout(() => response.writeHead(200).end(), 200));
    const attempt = deliverWebhook({ url: server.origin, body, headers: {}, allowPrivate: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await closeDeliveryAgents();
    expect((await attempt).outcome).toBe('delivered');
    await closeDeliveryAgents();
  });

  it.each([
    ['not a URL', 'callbackURL is not a valid absolute URL'],
    ['ftp://127.0.0.1/hook', 'callbackURL must use http or https, not ftp'],
    ['http://user:secret@127.0.0.1/hook', 'callbackURL must not contain a user name or password'],
  ])('refuses %s without sending anything', async (url, reason) => {
    const result = await deliverWebhook({ url, body, headers: {}, allowPrivate: true });
    expect(result).toMatchObject({ outcome: 'retry', blocked: true, error: reason });
  });

  it('rejects a timeout that is not positive: that is a bug, not a network condition', async () => {
    await expect(deliverWebhook({ url: 'http://127.0.0.1/', body, headers: {}, allowPrivate: true, timeoutMs: 0 })).rejects.toThrow(RangeError);
  });
});
