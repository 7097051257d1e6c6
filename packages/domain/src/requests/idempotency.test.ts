import { describe, expect, it } from 'vitest';
import { IdempotencyKey, answerInFlight, answerRepeat, keepsResponse, type IdempotencyRecord } from './idempotency.js';

const now = 1_000_000;
const finished: IdempotencyRecord = { fingerprint: 'a', response: { statusCode: 200, body: '{"x":1}' }, lockedUntil: now - 1, expiresAt: now + 10 };
const running: IdempotencyRecord = { fingerprint: 'a', response: null, lockedUntil: now + 5, expiresAt: now + 10 };

describe('IdempotencyKey', () => {
  it.each(['k', 'order 42', 'x'.repeat(255), '~!@#$%^&*()'])('accepts %j', (key) => {
    expect(IdempotencyKey.safeParse(key).success).toBe(true);
  });

  it.each(['', 'x'.repeat(256), 'tab\there', 'ünïcode', 'line\nbreak'])('refuses %j', (key) => {
    expect(IdempotencyKey.safeParse(key).success).toBe(false);
  });
});

describe('answerRepeat', () => {
  it('replays the finished response of the same request', () => {
    expect(answerRepeat(finished, 'a', now)).toEqual({ val: { kind: 'replay', statusCode: 200, body: '{"x":1}' } });
  });

  it('refuses another request under the same key with 422.1, finished or running', () => {
    expect(answerRepeat(finished, 'b', now).err?.kind).toBe('idempotency-key-reused');
    expect(answerRepeat(running, 'b', now).err?.kind).toBe('idempotency-key-reused');
  });

  it('asks about the first request while it holds the key unanswered', () => {
    expect(answerRepeat(running, 'a', now)).toEqual({ val: { kind: 'in-flight' } });
  });

  it('lets a repeat take over a claim whose lock lapsed (a live process that could not release it)', () => {
    expect(answerRepeat({ ...running, lockedUntil: now }, 'a', now)).toEqual({ val: { kind: 'take-over' } });
  });

  it('treats an expired key as new, whatever it was used for', () => {
    expect(answerRepeat({ ...finished, expiresAt: now }, 'b', now)).toEqual({ val: { kind: 'take-over' } });
    expect(answerRepeat({ ...running, expiresAt: now }, 'a', now)).toEqual({ val: { kind: 'take-over' } });
  });
});

describe('answerInFlight', () => {
  it('answers 409.1 while the process of the first request lives', () => {
    expect(answerInFlight(true).err?.kind).toBe('state-conflict');
  });

  it('takes over at once the claim of a process that is gone', () => {
    expect(answerInFlight(false)).toEqual({ val: { kind: 'take-over' } });
  });
});

describe('keepsResponse', () => {
  it.each([
    [200, true],
    [201, true],
    [400, false],
    [404, false],
    [409, false],
    [500, false],
  ])('%i → %s', (status, kept) => {
    expect(keepsResponse(status)).toBe(kept);
  });
});
