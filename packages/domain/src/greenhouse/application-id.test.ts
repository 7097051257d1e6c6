import { describe, expect, it } from 'vitest';
import { applicationIdOf } from './application-id.js';

describe('applicationIdOf', () => {
  it('reads application_id from the documented profile URL', () => {
    expect(applicationIdOf('https://app.greenhouse.io/people/17681532?application_id=26234709').val).toBe('26234709');
  });

  it('finds it among other parameters and after a fragment-free path', () => {
    expect(applicationIdOf('https://app.greenhouse.io/people/1?src=x&application_id=42&tab=a').val).toBe('42');
  });

  it('reads leading zeros as the same application', () => {
    expect(applicationIdOf('https://app.greenhouse.io/people/1?application_id=00042').val).toBe('42');
    expect(applicationIdOf('https://app.greenhouse.io/people/1?application_id=0').val).toBe('0');
  });

  it.each([
    ['no parameter', 'https://app.greenhouse.io/people/17681532'],
    ['an empty one', 'https://app.greenhouse.io/people/1?application_id='],
    ['letters', 'https://app.greenhouse.io/people/1?application_id=12a'],
    ['two of them', 'https://app.greenhouse.io/people/1?application_id=1&application_id=2'],
    ['a negative number', 'https://app.greenhouse.io/people/1?application_id=-3'],
    ['too many digits', `https://app.greenhouse.io/people/1?application_id=${'9'.repeat(31)}`],
    ['no URL at all', 'people/1?application_id=3'],
  ])('refuses a URL with %s (400.2)', (_, url) => {
    expect(applicationIdOf(url).err?.kind).toBe('invalid-field');
  });
});

describe('applicationIdOf, read as URLSearchParams would', () => {
  it('ignores the fragment and decodes percent-escapes', () => {
    expect(applicationIdOf('https://app.greenhouse.io/people/1?application_id=%34%32#application_id=7').val).toBe('42');
    expect(applicationIdOf('https://app.greenhouse.io/people/1#?application_id=7').err?.kind).toBe('invalid-field');
  });
});
