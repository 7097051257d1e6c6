import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const refusalOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
};

describe('rate-limit and proxy settings', () => {
  it('has the documented defaults, and trusts no proxy', () => {
    const config = loadConfig({});
    expect(config.trustProxy).toBe(false);
    expect(config.rateLimits).toEqual({
      orgApi: { max: 600, windowMs: 60_000 },
      candidateApi: { max: 1200, windowMs: 60_000 },
      candidateToken: { max: 300, windowMs: 60_000 },
      registration: { max: 30, windowMs: 600_000 },
      linkEmail: { max: 5, windowMs: 3_600_000 },
      linkEmailPerLink: { max: 30, windowMs: 3_600_000 },
      reportUrl: { max: 30, windowMs: 60_000 },
      badApiKey: { max: 20, windowMs: 600_000 },
      badAdminToken: { max: 10, windowMs: 600_000 },
    });
  });

  it.each([
    ['5/s', { max: 5, windowMs: 1_000 }],
    ['100/15m', { max: 100, windowMs: 900_000 }],
    ['1000/24h', { max: 1000, windowMs: 86_400_000 }],
  ])('reads ASSAY_RATE_LIMIT_ORG_API=%s', (value, limit) => {
    expect(loadConfig({ ASSAY_RATE_LIMIT_ORG_API: value }).rateLimits.orgApi).toEqual(limit);
  });

  it.each(['0/1m', '5/0s', '5/25h', '5', 'five/1m', '5/1d', '-1/1m'])('refuses ASSAY_RATE_LIMIT_REGISTRATION=%s naming the variable', (value) => {
    expect(refusalOf({ ASSAY_RATE_LIMIT_REGISTRATION: value })).toMatch(/ASSAY_RATE_LIMIT_REGISTRATION/);
  });

  it.each([
    ['false', false],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1,loopback', ['10.0.0.0/8', '127.0.0.1', 'loopback']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('reads ASSAY_TRUST_PROXY=%s', (value, trust) => {
    expect(loadConfig({ ASSAY_TRUST_PROXY: value }).trustProxy).toEqual(trust);
  });

  it.each(['true', 'yes', '*', '10.0.0.0/33', '300.1.1.1', 'example.com'])('refuses ASSAY_TRUST_PROXY=%s (anyone could forge X-Forwarded-For)', (value) => {
    expect(refusalOf({ ASSAY_TRUST_PROXY: value })).toMatch(/ASSAY_TRUST_PROXY/);
  });
});
