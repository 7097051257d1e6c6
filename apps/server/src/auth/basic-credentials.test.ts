import { describe, expect, it } from 'vitest';
import { GREENHOUSE_MAX_KEY_LENGTH, basicCredentialsOf } from './basic-credentials.js';

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('basicCredentialsOf', () => {
  it('reads the key Greenhouse sends as the user name, with an empty password', () => {
    // The docs' own example: "0d031d8227eafa61dc375a6c2e067e24:" in base64.
    expect(basicCredentialsOf('Basic MGQwMzFkODIyN2VhZmE2MWRjMzc1YTZjMmUwNjdlMjQ6')).toEqual({ username: '0d031d8227eafa61dc375a6c2e067e24', password: '' });
  });

  it('splits at the first colon: a password may hold colons', () => {
    expect(basicCredentialsOf(basic('user:pa:ss'))).toEqual({ username: 'user', password: 'pa:ss' });
  });

  it('takes the scheme in any case and spaces around the token', () => {
    expect(basicCredentialsOf(`basic   ${Buffer.from('k:').toString('base64')} `)).toEqual({ username: 'k', password: '' });
  });

  it('takes a key of 170 characters, and a header no longer than that needs', () => {
    const key = 'k'.repeat(GREENHOUSE_MAX_KEY_LENGTH);
    expect(basicCredentialsOf(basic(`${key}:`))?.username).toBe(key);
    expect(basicCredentialsOf(basic(`${'k'.repeat(400)}:`))).toBeUndefined();
  });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Bearer abc'],
    ['no token', 'Basic '],
    ['bad base64', 'Basic a$b='],
    ['base64 of the wrong length', 'Basic YWJj='],
    ['no colon', basic('justakey')],
    ['bytes that are not UTF-8', `Basic ${Buffer.from([0xff, 0xfe, 0x3a]).toString('base64')}`],
  ])('gives nothing for %s', (_, header) => {
    expect(basicCredentialsOf(header)).toBeUndefined();
  });
});
