import { describe, it, expect } from 'vitest';
import { Id, IdParam, UNISSUED_ID } from './ids.js';

describe('IdParam', () => {
  it.each([
    ['12', 12],
    ['1', 1],
    ['007', 7],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads "%s" as %s', (text, id) => {
    expect(IdParam.parse(text)).toBe(id);
  });

  it.each(['abc', '-1', '1.5', '', ' 12', '12 ', '+12', '1e3', '0x1f', '12345678901234567890'])('rejects "%s"', (text) => {
    const parsed = IdParam.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('must be a positive integer id');
  });

  it('rejects a number that is not path text', () => {
    expect(IdParam.safeParse(12).success).toBe(false);
  });

  it.each(['0', '00', '9007199254740992', '9223372036854775807'])('maps the well-formed but unissuable "%s" to UNISSUED_ID', (text) => {
    expect(IdParam.parse(text)).toBe(UNISSUED_ID);
  });

  it('UNISSUED_ID is never a valid Id', () => {
    expect(Id.safeParse(UNISSUED_ID).success).toBe(false);
  });
});

describe('Id', () => {
  it.each([1, 42, Number.MAX_SAFE_INTEGER])('accepts %s', (id) => {
    expect(Id.safeParse(id).success).toBe(true);
  });

  it.each([0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, '1'])('rejects %s', (id) => {
    expect(Id.safeParse(id).success).toBe(false);
  });
});
