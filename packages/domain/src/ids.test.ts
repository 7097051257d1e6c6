import { describe, it, expect } from 'vitest';
import { Id, IdParam, UNISSUED_ID, isUnissuedId } from './ids.js';

describe('IdParam', () => {
  it.each([
    ['12', 12],
    ['1', 1],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads "%s" as %s', (text, id) => {
    expect(IdParam.parse(text)).toBe(id);
  });

  it.each([
    'abc',
    '-1',
    '1.5',
    '',
    ' 12',
    '12 ',
    '+12',
    '1e3',
    '0x1f',
    '0',
    '00',
    '007',
    '01',
    '9223372036854775808',
    '9999999999999999999',
    '12345678901234567890',
  ])('rejects "%s": not an id as the document declares it', (text) => {
    const parsed = IdParam.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/^must be an id: a whole number from 1 to 9223372036854775807/);
  });

  it('rejects a number that is not path text', () => {
    expect(IdParam.safeParse(12).success).toBe(false);
  });

  it.each(['9007199254740992', '999999999999999999', '1000000000000000000', '9223372036854775807'])(
    'maps the well-formed but never issued "%s" to UNISSUED_ID',
    (text) => {
      expect(IdParam.parse(text)).toBe(UNISSUED_ID);
      expect(isUnissuedId(text)).toBe(true);
    },
  );

  it.each(['1', '999999999999999', '9007199254740991', '0', '007', '9223372036854775808'])('"%s" is not an unissued id (issuable, or malformed)', (text) => {
    expect(isUnissuedId(text)).toBe(false);
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
