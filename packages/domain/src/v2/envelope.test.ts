import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { AnyEnvelope, fail, FailureEnvelope, succeed, successEnvelope } from './envelope.js';
import { statusCodes, type FailureCode } from './status-codes.js';

describe('succeed', () => {
  it('wraps the payload with statuscode 200.1 and its description', () => {
    expect(succeed({ testInvitationId: 7, status: 'cancelled' })).toEqual({
      statuscode: '200.1',
      description: 'Request succeeded',
      result: { testInvitationId: 7, status: 'cancelled' },
    });
  });

  it('keeps arrays and strings as the result', () => {
    expect(succeed([1, 2]).result).toEqual([1, 2]);
    expect(succeed('ok').result).toBe('ok');
  });

  it('matches successEnvelope for the payload schema', () => {
    const schema = successEnvelope(z.object({ testInvitationId: z.number() }));
    expect(schema.safeParse(succeed({ testInvitationId: 7 })).success).toBe(true);
    expect(schema.safeParse(succeed({ testInvitationId: '7' })).success).toBe(false);
    expect(schema.safeParse(fail('404.4', 'no such invitation')).success).toBe(false);
  });
});

describe('fail', () => {
  it('carries the code, its catalogue description and the message as a plain string', () => {
    expect(fail('403.4', 'The invitation cannot be cancelled: the test is in progress or completed.')).toEqual({
      statuscode: '403.4',
      description: 'Operation on resource cannot be performed',
      result: 'The invitation cannot be cancelled: the test is in progress or completed.',
    });
  });

  it.each(statusCodes.filter((code) => code !== '200.1') as FailureCode[])('fail(%s) is a valid FailureEnvelope and AnyEnvelope', (code) => {
    const envelope = fail(code, 'message');
    expect(typeof envelope.result).toBe('string');
    expect(FailureEnvelope.safeParse(envelope).success).toBe(true);
    expect(AnyEnvelope.safeParse(envelope).success).toBe(true);
  });
});

describe('FailureEnvelope', () => {
  it('rejects the success code', () => {
    expect(FailureEnvelope.safeParse({ statuscode: '200.1', description: 'x', result: 'y' }).success).toBe(false);
  });

  it('rejects a code outside the catalogue', () => {
    expect(FailureEnvelope.safeParse({ statuscode: '418.1', description: 'x', result: 'y' }).success).toBe(false);
  });

  it('rejects an object result', () => {
    expect(FailureEnvelope.safeParse({ statuscode: '403.4', description: 'x', result: { a: 1 } }).success).toBe(false);
  });
});

describe('AnyEnvelope', () => {
  it('accepts any well-formed statuscode and any result', () => {
    expect(AnyEnvelope.safeParse({ statuscode: '499.12', description: 'x', result: null }).success).toBe(true);
    expect(AnyEnvelope.safeParse(succeed({ a: 1 })).success).toBe(true);
  });

  it.each(['200', '200.', '20.1', 'abc', '200.1 ', ''])('rejects statuscode "%s"', (statuscode) => {
    expect(AnyEnvelope.safeParse({ statuscode, description: 'x', result: 'y' }).success).toBe(false);
  });

  it('rejects a numeric statuscode and a missing description', () => {
    expect(AnyEnvelope.safeParse({ statuscode: 200.1, description: 'x', result: 'y' }).success).toBe(false);
    expect(AnyEnvelope.safeParse({ statuscode: '200.1', result: 'y' }).success).toBe(false);
  });
});
