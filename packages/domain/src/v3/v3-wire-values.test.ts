import { describe, expect, it } from 'vitest';
import { sentSpelling, v3AddressList, v3Switch, v3YesNo } from './v3-wire-values.js';

describe("v3's documented value types (decision 1020)", () => {
  it('a switch is iMocha’s 0/1 or a boolean, and nothing else', () => {
    const flag = v3Switch('hideInstruction');
    expect([0, 1, false, true].map((value) => flag.parse(value))).toEqual([false, true, false, true]);
    for (const value of [2, -1, '1', 'true', null])
      expect(flag.safeParse(value).error?.issues[0]?.message, String(value)).toMatch(/^hideInstruction must be 0 or 1/);
  });

  it('sendEmail is "yes"/"no" (Yes, YES…), or a boolean, and nothing else', () => {
    const send = v3YesNo('sendEmail');
    expect(['yes', 'no', 'YES', 'No', true, false].map((value) => send.parse(value))).toEqual([true, false, true, false, true, false]);
    for (const value of [1, 0, 'y', 'maybe', ' yes', null])
      expect(send.safeParse(value).error?.issues[0]?.message, String(value)).toMatch(/^sendEmail must be "yes" or "no"/);
  });

  it('stakeholderEmails is one string split on commas and semicolons, "disable" or "" for none, or a list', () => {
    const list = v3AddressList('stakeholderEmails');
    expect(list.parse('lead@acme.example, panel@acme.example;hr@acme.example')).toEqual(['lead@acme.example', 'panel@acme.example', 'hr@acme.example']);
    expect(list.parse(['lead@acme.example'])).toEqual(['lead@acme.example']);
    for (const none of ['disable', 'Disable', '', ' ; , ', []]) expect(list.parse(none), JSON.stringify(none)).toEqual([]);
    expect(list.safeParse('lead@acme.example, not an address').error?.issues[0]?.message).toBe('stakeholderEmails must be email addresses');
    expect(list.safeParse(Array.from({ length: 21 }, (_, index) => `p${index}@acme.example`).join(',')).error?.issues[0]?.message).toMatch(/at most 20/);
    expect(list.safeParse(42).error?.issues[0]?.message).toMatch(/list of email addresses/);
    // A control character is named, in either form.
    for (const form of ['lead\u202e@acme.example', ['lead\u202e@acme.example']])
      expect(list.safeParse(form).error?.issues.map((issue) => issue.message)).toContain(
        'stakeholderEmails must not contain bidirectional control characters (U+202E)',
      );
  });

  it('spellings of one field: the value sent, and a refusal when two disagree', () => {
    expect(
      sentSpelling([
        ['callbackUrl', undefined],
        ['callbackURL', 'https://a.example/'],
      ]),
    ).toEqual({ value: 'https://a.example/', conflict: null });
    expect(
      sentSpelling([
        ['callbackUrl', 'https://a.example/'],
        ['callbackURL', 'https://a.example/'],
      ]).conflict,
    ).toBeNull();
    expect(
      sentSpelling([
        ['callbackUrl', 'https://a.example/'],
        ['callbackURL', null],
      ]).conflict,
    ).toBe('callbackUrl and callbackURL are the same field: send one');
    expect(
      sentSpelling<string>([
        ['CallbackUrl', undefined],
        ['callbackUrl', undefined],
      ]),
    ).toEqual({ value: undefined, conflict: null });
  });
});
