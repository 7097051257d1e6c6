import fc from 'fast-check';

/** encodeURIComponent refuses lone surrogates (URIError); on the wire they would have been replaced anyway. */
export const encode = (text: string): string =>
  encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** Strings a careless parser turns into numbers, booleans or nothing. */
export const nanIsh = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '1e3',
  '0x1F',
  '0b11',
  '1_000',
  '+1',
  '-1',
  ' 1',
  '1 ',
  '1.0',
  '00',
  '١٢',
  '１２',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  '9007199254740993',
  '18446744073709551616',
  '9'.repeat(40),
);

/** Text that has broken parsers, renderers and queries elsewhere. */
export const trickyText = fc.constantFrom(
  'ü',
  'ß',
  'İ',
  '😀',
  'a\u0301',
  '\u202eevil',
  '\u0000',
  '\ud800',
  '\uffff',
  '\ufeffbom',
  'ｆｕｌｌ',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE tests; --',
  '../../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '$' + '{jndi:ldap://x}',
  '{{7*7}}',
  '\r\nx-injected: 1',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
);

/** Long strings built cheaply: 1 kB to 20 kB (past every maxLength the API declares for names and keys). */
export const longString = fc
  .tuple(fc.integer({ min: 1_000, max: 20_000 }), fc.constantFrom('a', 'é', '😀', '%', '0', ' '))
  .map(([length, unit]) => unit.repeat(length));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 2 },
  { arbitrary: nanIsh, weight: 2 },
  { arbitrary: trickyText, weight: 2 },
  { arbitrary: longString, weight: 1 },
  { arbitrary: fc.constantFrom('', ' ', '\t'), weight: 1 },
);

/** Any JSON value at all, wrong for most fields: numbers at the edges, nulls, nested things. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(0, -1, 1.5, -0, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MIN_VALUE, true, false, null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant([]),
  fc.constant({}),
);

/** An object literal with own `__proto__` or `constructor` keys, as JSON.parse would build it. */
export const withPrototypeKey = (target: Record<string, unknown>, key: '__proto__' | 'constructor', value: unknown): Record<string, unknown> => {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value: key === 'constructor' ? { prototype: value } : value, enumerable: true, writable: true, configurable: true });
  return copy;
};

/** Raw request bodies that are not JSON, or JSON that hurts: deep nesting, huge arrays, lone surrogates, BOMs. */
export const hostilePayload: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":',
    '[1,2',
    'null',
    'true',
    '"text"',
    '42',
    '[]',
    '{}',
    'nul',
    '{"a":1,}',
    "{'a':1}",
    '\ufeff{}',
    '{"a":"\\ud800"}',
    '{"a":1}{"b":2}',
  ),
  fc.constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"a":{"__proto__":null}}'),
  fc.integer({ min: 60, max: 100_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 60, max: 20_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.integer({ min: 1_000, max: 200_000 }).map((length) => `[${'1,'.repeat(length)}1]`),
  fc.integer({ min: 100_000, max: 3_000_000 }).map((length) => `{"a":"${'x'.repeat(length)}"}`),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** A path segment as it goes on the wire, for a parameter of the given examples. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  nanIsh.map(encode),
  fc.constantFrom('0', '-1', '1', '2', '3', '9007199254740991', '9007199254740992', '99999999999999999999', '1e3', '0x10', '%20', '%2F', '%2e%2e', '..', '.'),
  fc.constantFrom('%', '%Z', '%E0%A4%A', '%C0%AF', '%FF', '%00', '%ZZ%ZZ', '%u0041', '%%'),
  trickyText.map(encode),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encode),
  fc.integer({ min: 90, max: 12_000 }).map((length) => 'a'.repeat(length)),
  fc.integer({ min: 90, max: 12_000 }).map((length) => '9'.repeat(length)),
  fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 30 }).map((text) => text.replace(/[/?#\s]/g, '').replace(/^$/, 'x')),
);

/** Header values a client can actually send: no CR, LF or NUL, and latin-1 at most. */
export const headerText = (maxLength = 60): fc.Arbitrary<string> =>
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((code) => code !== 0x7f)
      .map((code) => String.fromCharCode(code)),
    maxLength,
  });
