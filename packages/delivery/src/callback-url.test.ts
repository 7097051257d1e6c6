import { describe, expect, it } from 'vitest';
import { checkCallbackUrl } from './callback-url.js';

// No test here resolves a real name: lookups are injected, and literal IPs must not be looked up at all.
const answers =
  (...addresses: string[]) =>
  async (): Promise<string[]> =>
    addresses;
const neverLookedUp = async (host: string): Promise<string[]> => {
  throw new Error(`${host} must not be looked up`);
};

describe('checkCallbackUrl', () => {
  it.each([
    ['http://127.0.0.1/hook', '127.0.0.1 is a loopback address'],
    ['http://10.0.0.1/hook', '10.0.0.1 is a private address'],
    ['https://172.16.5.4/hook', '172.16.5.4 is a private address'],
    ['http://192.168.1.1:8080/hook', '192.168.1.1 is a private address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
    ['http://[::1]/hook', '::1 is a loopback address'],
    ['http://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1 is an IPv4-mapped IPv6 form of 127.0.0.1, which is a loopback address'],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254 is a cloud metadata address'],
    ['http://100.64.0.1/hook', '100.64.0.1 is a carrier-grade NAT address'],
    ['http://0.0.0.0:3000/', '0.0.0.0 is an unspecified address'],
    // The URL parser turns these spellings into 127.0.0.1 before anything else sees them.
    ['http://2130706433/', '127.0.0.1 is a loopback address'],
    ['http://0x7f.1/', '127.0.0.1 is a loopback address'],
  ])('refuses the literal %s without a lookup', async (url, reason) => {
    expect(await checkCallbackUrl(url, { allowPrivate: false, lookup: neverLookedUp })).toEqual({ ok: false, reason });
  });

  it.each([
    ['a host resolving to a private address', ['10.1.2.3'], 'internal.corp.test resolves to a forbidden address: 10.1.2.3 is a private address'],
    [
      'a mix of public and private addresses',
      ['93.184.216.34', '192.168.0.7'],
      'internal.corp.test resolves to a forbidden address: 192.168.0.7 is a private address',
    ],
    ['loopback over IPv6 only', ['2606:4700::1111', '::1'], 'internal.corp.test resolves to a forbidden address: ::1 is a loopback address'],
  ])('refuses %s', async (_case, addresses, reason) => {
    const check = await checkCallbackUrl('https://internal.corp.test/hook', { allowPrivate: false, lookup: answers(...addresses) });
    expect(check).toEqual({ ok: false, reason });
  });

  it('covers localhost and 127.0.0.1.nip.io-style names through resolution', async () => {
    expect(await checkCallbackUrl('http://localhost:3000/hook', { allowPrivate: false, lookup: answers('127.0.0.1', '::1') })).toEqual({
      ok: false,
      reason: 'localhost resolves to a forbidden address: 127.0.0.1 is a loopback address',
    });
    expect(await checkCallbackUrl('http://127.0.0.1.nip.io/hook', { allowPrivate: false, lookup: answers('127.0.0.1') })).toEqual({
      ok: false,
      reason: '127.0.0.1.nip.io resolves to a forbidden address: 127.0.0.1 is a loopback address',
    });
  });

  it('accepts a host whose every address is public, looking up the host alone', async () => {
    const asked: string[] = [];
    const lookup = async (host: string): Promise<string[]> => {
      asked.push(host);
      return ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'];
    };
    expect(await checkCallbackUrl('https://hooks.example.test:8443/assay?x=1', { allowPrivate: false, lookup })).toEqual({ ok: true });
    expect(asked).toEqual(['hooks.example.test']);
  });

  it('accepts private addresses when the installation allows them', async () => {
    expect(await checkCallbackUrl('http://10.0.0.1/hook', { allowPrivate: true, lookup: neverLookedUp })).toEqual({ ok: true });
    expect(await checkCallbackUrl('http://hr.corp.test/hook', { allowPrivate: true, lookup: answers('10.1.2.3') })).toEqual({ ok: true });
  });

  it('refuses a host that does not resolve, saying so', async () => {
    const notFound = async (): Promise<string[]> => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
    };
    expect(await checkCallbackUrl('https://nowhere.test/', { allowPrivate: false, lookup: notFound })).toEqual({
      ok: false,
      reason: 'nowhere.test does not resolve (ENOTFOUND)',
    });
    expect(await checkCallbackUrl('https://empty.test/', { allowPrivate: true, lookup: answers() })).toEqual({
      ok: false,
      reason: 'empty.test does not resolve (no addresses)',
    });
  });

  it('refuses a host whose resolution hangs, after timeoutMs', async () => {
    const hanging = (): Promise<string[]> => new Promise(() => undefined);
    expect(await checkCallbackUrl('https://slow.test/', { allowPrivate: false, lookup: hanging, timeoutMs: 50 })).toEqual({
      ok: false,
      reason: 'slow.test does not resolve (no answer within 50 ms)',
    });
  });

  it.each([
    ['ftp://example.test/hook', 'callbackURL must use http or https, not ftp'],
    ['file:///etc/passwd', 'callbackURL must use http or https, not file'],
    ['javascript:alert(1)', 'callbackURL must use http or https, not javascript'],
    ['https://user:pass@example.test/hook', 'callbackURL must not contain a user name or password'],
    ['https://token@example.test/hook', 'callbackURL must not contain a user name or password'],
    ['/relative/hook', 'callbackURL is not a valid absolute URL'],
    ['', 'callbackURL is not a valid absolute URL'],
  ])('refuses %j by its shape', async (url, reason) => {
    expect(await checkCallbackUrl(url, { allowPrivate: true, lookup: neverLookedUp })).toEqual({ ok: false, reason });
  });
});
