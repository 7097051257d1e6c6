import { describe, expect, it } from 'vitest';
import { V3InviteInput, V3ReattemptInput } from './invitation-schemas.js';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe("v3's invite body as iMocha documents it (decision 1020)", () => {
  it('reads iMocha’s sample as it is: callbackURL and redirectURL, 0/1 switches', () => {
    const sample = {
      email: 'amey@example.com',
      name: 'amey',
      callbackURL: 'https://www.interviewmocha.com/',
      redirectURL: 'https://www.interviewmocha.com/',
      disableMandatoryFields: 0,
      hideInstruction: 0,
    };
    expect(V3InviteInput.parse(sample)).toEqual({
      email: 'amey@example.com',
      name: 'amey',
      callbackUrl: 'https://www.interviewmocha.com/',
      redirectUrl: 'https://www.interviewmocha.com/',
      disableMandatoryFields: false,
      hideInstruction: false,
    });
  });

  it('reads every field of iMocha’s table in its documented type, and Assay’s own the same', () => {
    const documented = V3InviteInput.parse({
      email: 'may@example.com',
      name: 'May',
      callbackUrl: 'https://ats.example/hook',
      sendEmail: 'yes',
      hideInstruction: 1,
      stakeholderEmails: 'lead@acme.example,panel@acme.example',
      startDateTime: '2026-12-01T09:00:00Z',
    });
    const own = V3InviteInput.parse({
      email: 'may@example.com',
      name: 'May',
      callbackUrl: 'https://ats.example/hook',
      sendEmail: true,
      hideInstruction: true,
      stakeholderEmails: ['lead@acme.example', 'panel@acme.example'],
      startDateTime: '2026-12-01T09:00:00Z',
    });
    expect(documented).toEqual(own);
    expect(documented).toMatchObject({ sendEmail: true, hideInstruction: true, stakeholderEmails: ['lead@acme.example', 'panel@acme.example'] });
  });

  it('refuses a field neither documents by its name, instead of dropping it', () => {
    expect(messagesOf(V3InviteInput.safeParse({ email: 'a@example.com', name: 'A', callbackUri: 'https://x.example/', ProctoringMode: 'image' }))).toEqual([
      expect.stringMatching(/^callbackUri, ProctoringMode: not a field of v3's invite, which takes email, name, callbackUrl, callbackURL/),
    ]);
  });

  it('refuses two spellings that disagree, and takes them when they agree', () => {
    const both = { email: 'a@example.com', name: 'A', redirectUrl: 'https://a.example/', redirectURL: 'https://b.example/' };
    expect(messagesOf(V3InviteInput.safeParse(both))).toEqual(['redirectUrl and redirectURL are the same field: send one']);
    expect(V3InviteInput.parse({ ...both, redirectURL: 'https://a.example/' }).redirectUrl).toBe('https://a.example/');
  });

  it('needs email and name unless disableMandatoryFields is on (decision 1021)', () => {
    expect(messagesOf(V3InviteInput.safeParse({}))).toEqual([
      'email is required (unless disableMandatoryFields is 1)',
      'name is required (unless disableMandatoryFields is 1)',
    ]);
    expect(V3InviteInput.parse({ disableMandatoryFields: 1 })).toEqual({ disableMandatoryFields: true, callbackUrl: undefined, redirectUrl: undefined });
    expect(messagesOf(V3InviteInput.safeParse({ disableMandatoryFields: 1, sendEmail: 'yes' }))).toEqual([
      expect.stringMatching(/^sendEmail needs the candidate's email/),
    ]);
    expect(V3InviteInput.parse({ disableMandatoryFields: 1, email: 'real@example.com', sendEmail: 'yes' }).sendEmail).toBe(true);
  });
});

describe("v3's reattempt body (decisions 901, 1020)", () => {
  it('reads the documented PascalCase body with 0/1 and "yes"/"no"', () => {
    const parsed = V3ReattemptInput.parse({
      StartDateTime: '2026-12-01T09:00:00Z',
      EndDateTime: '2026-12-02T09:00:00Z',
      TimeZoneId: 1720,
      CallbackUrl: 'https://ats.example/hook',
      RedirectUrl: 'https://ats.example/done',
      hideInstruction: 0,
      sendEmail: 'no',
    });
    expect(parsed).toEqual({
      startDateTime: '2026-12-01T09:00:00Z',
      endDateTime: '2026-12-02T09:00:00Z',
      timeZoneId: 1720,
      callbackUrl: 'https://ats.example/hook',
      redirectUrl: 'https://ats.example/done',
      hideInstruction: false,
      sendEmail: false,
      conflicts: [],
    });
  });

  it('takes the invite’s spellings too, notes three that disagree, and refuses an unknown field', () => {
    const parsed = V3ReattemptInput.parse({ CallbackUrl: 'https://a.example/', callbackURL: 'https://b.example/' });
    expect(parsed.conflicts).toEqual(['CallbackUrl and callbackURL are the same field: send one']);
    expect(messagesOf(V3ReattemptInput.safeParse({ Callback: 'https://a.example/' }))).toEqual([
      expect.stringMatching(/^Callback: not a field of v3's reattempt/),
    ]);
  });
});
