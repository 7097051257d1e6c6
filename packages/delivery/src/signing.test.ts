import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook } from './signing.js';

const body = JSON.stringify({ event: 'test.completed', testLinkId: 42, score: 87.5, candidate: 'Zoë' });

describe('generateWebhookSecret', () => {
  it('is whsec_ and the base64 of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
  });

  it('differs every time', () => {
    expect(new Set(Array.from({ length: 50 }, generateWebhookSecret)).size).toBe(50);
  });
});

describe('signWebhook', () => {
  it('matches the Standard Webhooks reference vector', () => {
    const headers = signWebhook(['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'], {
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: new Date(1614265330 * 1000),
      body: '{"test": 2432232314}',
    });
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('signs with every secret of a rotation pair, and each verifies on its own', () => {
    const [oldSecret, newSecret] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = signWebhook([oldSecret, newSecret], { id: 'msg_2', timestamp: new Date(), body });

    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    for (const secret of [oldSecret, newSecret]) {
      expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    }
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).toThrow('No matching signature found');
  });

  it('writes the timestamp in whole seconds', () => {
    const headers = signWebhook([generateWebhookSecret()], { id: 'msg_3', timestamp: new Date(1_700_000_000_999), body });
    expect(headers['webhook-timestamp']).toBe('1700000000');
  });

  it('fails verification when the body, the id or the timestamp is tampered with', () => {
    const secret = generateWebhookSecret();
    const timestamp = new Date();
    const headers = signWebhook([secret], { id: 'msg_4', timestamp, body });
    const verifier = new Webhook(secret);

    expect(() => verifier.verify(body.replace('87.5', '100'), { ...headers })).toThrow('No matching signature found');
    expect(() => verifier.verify(body, { ...headers, 'webhook-id': 'msg_5' })).toThrow('No matching signature found');
    const earlier = String(Math.floor(timestamp.getTime() / 1000) - 1);
    expect(() => verifier.verify(body, { ...headers, 'webhook-timestamp': earlier })).toThrow('No matching signature found');
  });

  it('refuses to sign without a secret or with an invalid date: those are bugs', () => {
    expect(() => signWebhook([], { id: 'msg_6', timestamp: new Date(), body })).toThrow(RangeError);
    expect(() => signWebhook([generateWebhookSecret()], { id: 'msg_7', timestamp: new Date(Number.NaN), body })).toThrow(RangeError);
  });
});
