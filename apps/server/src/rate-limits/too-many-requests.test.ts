import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './too-many-requests.js';

const from = (ip: string | undefined) => ({ ip }) as FastifyRequest;

describe('the client address a per-address limit counts', () => {
  it('answers each address its own form, however the requests alternate (kept forms never answer another address)', () => {
    const sequence = ['127.0.0.1', '2001:db8:1:2:aaaa::1', '2001:db8:1:2:bbbb::2', '::ffff:10.0.0.7', '127.0.0.1', '2001:db8:9::1', undefined, '127.0.0.1'];
    expect(sequence.map((ip) => clientAddress(from(ip)))).toEqual([
      '127.0.0.1',
      '2001:db8:1:2::',
      '2001:db8:1:2::',
      '10.0.0.7',
      '127.0.0.1',
      '2001:db8:9::',
      'unknown',
      '127.0.0.1',
    ]);
  });
});
