import { afterEach, describe, expect, it } from 'vitest';
import { startHttpPeer as startServer, type HttpPeer as TestServer } from '@assay/testing';
import { checkCallbackUrl } from './callback-url.js';
import { deliverWebhook } from './deliver.js';

// Traffic goes only to 127.0.0.1. Other hosts exist only as injected lookups, under the .test TLD
// (RFC 6761), so even a lookup that failed to be used could not reach a real resolver's answer.
const servers: TestServer[] = [];
const serve = async (): Promise<TestServer> => {
  const server = await startServer((_request, response) => response.writeHead(200).end());
  servers.push(server);
  return server;
};

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const body = '{"event":"test.completed"}';
const answers =
  (...addresses: string[]) =>
  async (): Promise<string[]> =>
    addresses;

describe('deliverWebhook SSRF guard', () => {
  it('blocks a literal loopback URL when private addresses are not allowed, without connecting', async () => {
    const server = await serve();
    const result = await deliverWebhook({ url: `${server.origin}/hook`, body, headers: {}, allowPrivate: false });
    expect(result).toMatchObject({ outcome: 'retry', blocked: true, error: '127.0.0.1 is a loopback address' });
    expect(result.status).toBeUndefined();
    expect(result.connectedAddress).toBeUndefined();
    expect(server.connections()).toBe(0);
  });

  it('blocks a bracketed IPv6 loopback literal', async () => {
    const result = await deliverWebhook({ url: 'http://[::1]:9/hook', body, headers: {}, allowPrivate: false });
    expect(result).toMatchObject({ outcome: 'retry', blocked: true, error: '::1 is a loopback address' });
  });

  it('checks the address resolved at delivery time: a host answering 127.0.0.1 is blocked, the server never hit', async () => {
    const server = await serve();
    const result = await deliverWebhook({
      url: `http://hooks.customer.test:${server.port}/hook`,
      body,
      headers: {},
      allowPrivate: false,
      lookup: answers('127.0.0.1'),
    });
    expect(result).toMatchObject({ outcome: 'retry', blocked: true });
    expect(result.error).toBe('hooks.customer.test resolves to a forbidden address: 127.0.0.1 is a loopback address');
    expect(server.connections()).toBe(0);
  });

  it('blocks a host answering an IPv4-mapped loopback address', async () => {
    const server = await serve();
    const result = await deliverWebhook({
      url: `http://mapped.customer.test:${server.port}/`,
      body,
      headers: {},
      allowPrivate: false,
      lookup: answers('::ffff:127.0.0.1'),
    });
    expect(result).toMatchObject({ outcome: 'retry', blocked: true });
    expect(result.error).toContain('loopback');
    expect(server.connections()).toBe(0);
  });

  it('defeats DNS rebinding: the URL passed the early check, the delivery-time answer is what counts', async () => {
    const server = await serve();
    let calls = 0;
    // First answer public (the registration check, which never connects), then loopback at delivery.
    const rebinding = async (): Promise<string[]> => (++calls === 1 ? ['93.184.216.34'] : ['127.0.0.1']);
    const url = `http://rebind.customer.test:${server.port}/hook`;

    expect(await checkCallbackUrl(url, { allowPrivate: false, lookup: rebinding })).toEqual({ ok: true });
    const result = await deliverWebhook({ url, body, headers: {}, allowPrivate: false, lookup: rebinding });
    expect(result).toMatchObject({ outcome: 'retry', blocked: true });
    expect(calls).toBe(2);
    expect(server.connections()).toBe(0);
  });

  it('connects to the address the injected lookup gives when private addresses are allowed', async () => {
    const server = await serve();
    const result = await deliverWebhook({
      url: `http://hooks.customer.test:${server.port}/hook`,
      body,
      headers: {},
      allowPrivate: true,
      lookup: answers('127.0.0.1'),
    });
    expect(result).toMatchObject({ outcome: 'delivered', status: 200, connectedAddress: '127.0.0.1' });
    expect(server.requests[0]?.headers.host).toBe(`hooks.customer.test:${server.port}`);
  });

  it('retries, unblocked, when the host does not resolve', async () => {
    const notFound = async (): Promise<string[]> => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND gone.customer.test'), { code: 'ENOTFOUND' });
    };
    const result = await deliverWebhook({ url: 'http://gone.customer.test/hook', body, headers: {}, allowPrivate: false, lookup: notFound });
    expect(result.outcome).toBe('retry');
    expect(result.blocked).toBeUndefined();
    expect(result.error).toContain('gone.customer.test does not resolve (ENOTFOUND)');
  });
});
