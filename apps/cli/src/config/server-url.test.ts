import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { checkServerUrl, isLoopbackHost } from './server-url.js';

describe("the server's URL, before a key is sent to it", () => {
  it('knows this machine: localhost, 127.0.0.0/8 and ::1, IPv4-mapped too; nothing else', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.8.9.10', '[::1]', '[::ffff:7f00:1]'])
      expect({ host, loopback: isLoopbackHost(host) }).toEqual({ host, loopback: true });
    for (const host of ['assay.example.com', 'localhost.example.com', '10.0.0.1', '128.0.0.1', '0.0.0.0', '[::2]', '[fe80::1]']) {
      expect({ host, loopback: isLoopbackHost(host) }).toEqual({ host, loopback: false });
    }
    // The URL parser writes other spellings of 127.0.0.1 in its own form first.
    expect(isLoopbackHost(new URL('http://0x7f.1/').hostname)).toBe(true);
  });

  const check = (url: string, insecureHttp = false) => checkServerUrl(url, { source: '--url', insecureHttp });

  it('takes https anywhere and plain http on this machine, without trailing slashes', () => {
    expect(check('https://assay.example.com/')).toBe('https://assay.example.com');
    expect(check('http://127.0.0.1:3000//')).toBe('http://127.0.0.1:3000');
    expect(check('http://localhost:3000')).toBe('http://localhost:3000');
  });

  it('refuses plain http to another machine unless accepted explicitly', () => {
    expect(() => check('http://assay.example.com')).toThrow(UsageError);
    expect(() => check('http://assay.example.com')).toThrow(/plain http to another machine: the API key would cross the network unencrypted/);
    expect(check('http://assay.example.com', true)).toBe('http://assay.example.com');
  });

  it('refuses a user name or password in the URL, and never repeats the password', () => {
    for (const url of [
      'https://ops:s3cret@assay.example.com',
      'https://s3cret@assay.example.com',
      'http://ops:s3cret@127.0.0.1:9',
      'https://ops:s3 cret@bad url',
    ]) {
      const error = (() => {
        try {
          check(url, true);
          return undefined;
        } catch (caught) {
          return caught as Error;
        }
      })();
      expect(error).toBeInstanceOf(UsageError);
      expect(error?.message).not.toContain('s3');
      expect(error?.message).toContain('***@');
    }
    expect(() => check('ftp://assay.example.com')).toThrow('--url must be an http(s) URL.');
  });
});
