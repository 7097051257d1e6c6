import { LanguageId } from '@assay/domain/languages';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const refusalOf = (env: Record<string, string>): ConfigError => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
};

/** What `openssl rand -base64 24` prints: long and varied. */
const GOOD_ADMIN_TOKEN = 'Zq8vT2kLm9pXr4sWn6yBc1dE';

describe('loadConfig', () => {
  it('has documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/assay.db',
      publicUrl: 'http://localhost:3000',
      adminToken: undefined,
      seedDemo: true,
      bodyLimitBytes: 1024 * 1024,
      logLevel: 'info',
      databaseBusyTimeoutMs: 5_000,
    });
  });

  it("enables /metrics only with a strong token, and a worker's metrics port only with it (decision 868)", () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, workerPort: undefined });
    expect(loadConfig({ ASSAY_METRICS_TOKEN: GOOD_ADMIN_TOKEN, ASSAY_WORKER_METRICS_PORT: '9464' }).metrics).toEqual({
      token: GOOD_ADMIN_TOKEN,
      workerPort: 9464,
    });
    expect(refusalOf({ ASSAY_METRICS_TOKEN: 'short-token' }).message).toMatch(/ASSAY_METRICS_TOKEN: must be at least 24 characters/);
    expect(refusalOf({ ASSAY_METRICS_TOKEN: 'a'.repeat(30) }).message).toMatch(/ASSAY_METRICS_TOKEN/);
    expect(refusalOf({ ASSAY_WORKER_METRICS_PORT: '9464' }).message).toMatch(/ASSAY_WORKER_METRICS_PORT: needs ASSAY_METRICS_TOKEN/);
  });

  it('reads how long a statement waits for a busy database, within bounds', () => {
    expect(loadConfig({ ASSAY_DB_BUSY_TIMEOUT_MS: '250' }).databaseBusyTimeoutMs).toBe(250);
    expect(refusalOf({ ASSAY_DB_BUSY_TIMEOUT_MS: '0' }).message).toMatch(/ASSAY_DB_BUSY_TIMEOUT_MS/);
    expect(refusalOf({ ASSAY_DB_BUSY_TIMEOUT_MS: '120000' }).message).toMatch(/ASSAY_DB_BUSY_TIMEOUT_MS/);
  });

  it('keeps Python warm once workers start (on demand by default, with the process on request, never with none)', () => {
    expect(loadConfig({})).toMatchObject({ sandboxPrewarm: ['python'], sandboxWarmAtStart: false });
    expect(loadConfig({ ASSAY_SANDBOX_PREWARM: 'python' })).toMatchObject({ sandboxPrewarm: ['python'], sandboxWarmAtStart: true });
    expect(loadConfig({ ASSAY_SANDBOX_PREWARM: 'none' })).toMatchObject({ sandboxPrewarm: [], sandboxWarmAtStart: false });
    expect(() => loadConfig({ ASSAY_SANDBOX_PREWARM: 'ruby' })).toThrow(/ASSAY_SANDBOX_PREWARM: must be on-demand, python or none/);
    // The compilers warm with the server unless told not to (decision 1045).
    expect(loadConfig({})).toMatchObject({ warmCompilersAtStart: true });
    expect(loadConfig({ ASSAY_WARM_COMPILERS: 'off' })).toMatchObject({ warmCompilersAtStart: false });
    expect(() => loadConfig({ ASSAY_WARM_COMPILERS: 'later' })).toThrow(/ASSAY_WARM_COMPILERS: must be start or off/);
  });

  it('reads the languages offered and whether native languages may be jailed (issue 49)', () => {
    expect(loadConfig({}).sandbox).toMatchObject({ languages: LanguageId.options, nativeJail: 'auto' });
    expect(loadConfig({ ASSAY_LANGUAGES: ' Java, python ,,java', ASSAY_NATIVE_JAIL: 'off' }).sandbox).toMatchObject({
      languages: ['java', 'python'],
      nativeJail: 'off',
    });
    expect(() => loadConfig({ ASSAY_LANGUAGES: 'java,cobol' })).toThrow(/ASSAY_LANGUAGES.1: must be a comma-separated list of javascript, typescript/);
    expect(() => loadConfig({ ASSAY_LANGUAGES: ' , ' })).toThrow(/ASSAY_LANGUAGES: must name at least one of/);
    expect(() => loadConfig({ ASSAY_NATIVE_JAIL: 'on' })).toThrow(/ASSAY_NATIVE_JAIL: must be auto or off/);
  });

  it('sizes one sandbox per process for both lanes, and reads the former names of its threads where they applied', () => {
    expect(loadConfig({ ASSAY_SANDBOX_WORKERS: '3' }).sandbox).toMatchObject({ serverWorkers: 3, workerWorkers: 3 });
    expect(loadConfig({ ASSAY_SAMPLE_RUN_WORKERS: '4', ASSAY_SCORING_WORKERS: '1' }).sandbox).toMatchObject({ serverWorkers: 4, workerWorkers: 1 });
    expect(loadConfig({ ASSAY_SANDBOX_WORKERS: '2', ASSAY_SAMPLE_RUN_WORKERS: '4' }).sandbox.serverWorkers).toBe(2);
    expect(loadConfig({ ASSAY_SCORING_SHARE: '25' }).sandbox.laneWeights).toEqual({ candidate: 75, scoring: 25 });
    expect(loadConfig({}).sandbox.laneWeights).toEqual({ candidate: 50, scoring: 50 });
    expect(loadConfig({ ASSAY_SAMPLE_RUN_MAX_WAIT_MS: '5000', ASSAY_SAMPLE_RUN_QUEUE: '40' }).sampleRuns).toMatchObject({ maxWaitMs: 5000, maxQueued: 40 });
    expect(loadConfig({}).scoringBudget).toEqual({ stopAfterTimeouts: 1 });
    expect(refusalOf({ ASSAY_SCORING_SHARE: '100' }).message).toMatch(/ASSAY_SCORING_SHARE/);
    expect(refusalOf({ ASSAY_SANDBOX_WORKERS: '0' }).message).toMatch(/ASSAY_SANDBOX_WORKERS/);
  });

  it('derives the default public URL from PORT', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '0.0.0.0',
      ASSAY_DATABASE_URL: 'postgres://assay:secret@db:5432/assay',
      ASSAY_PUBLIC_URL: 'https://assay.example.com',
      ASSAY_ADMIN_TOKEN: GOOD_ADMIN_TOKEN,
      ASSAY_SEED_DEMO: 'false',
      ASSAY_BODY_LIMIT_BYTES: '2048',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://assay:secret@db:5432/assay',
      publicUrl: 'https://assay.example.com',
      adminToken: GOOD_ADMIN_TOKEN,
      seedDemo: false,
      bodyLimitBytes: 2048,
      logLevel: 'warn',
    });
  });

  it.each(['abc', '70000', '-1', '1.5'])('refuses PORT=%s with a message naming PORT', (port) => {
    expect(refusalOf({ PORT: port }).message).toMatch(/PORT/);
  });

  it('accepts PORT=0 (any free port)', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each(['mysql://x', 'sqlite:', 'postgres://', 'file:./assay.db'])('refuses ASSAY_DATABASE_URL=%s, naming it', (url) => {
    expect(refusalOf({ ASSAY_DATABASE_URL: url }).message).toMatch(/ASSAY_DATABASE_URL/);
  });

  it('accepts sqlite:PATH, postgres:// and postgresql:// URLs', () => {
    for (const url of ['sqlite:/tmp/a.db', 'sqlite::memory:', 'postgres://u:p@h:5432/d', 'postgresql://u:p@h/d']) {
      expect(loadConfig({ ASSAY_DATABASE_URL: url }).databaseUrl).toBe(url);
    }
  });

  it.each(['not-a-url', 'ftp://assay.example.com', '/relative/path'])('refuses ASSAY_PUBLIC_URL=%s', (url) => {
    expect(refusalOf({ ASSAY_PUBLIC_URL: url }).message).toMatch(/ASSAY_PUBLIC_URL/);
  });

  it('removes trailing slashes from the public URL', () => {
    expect(loadConfig({ ASSAY_PUBLIC_URL: 'https://assay.example.com/' }).publicUrl).toBe('https://assay.example.com');
    expect(loadConfig({ ASSAY_PUBLIC_URL: 'https://assay.example.com/base//' }).publicUrl).toBe('https://assay.example.com/base');
  });

  it('refuses an admin token shorter than 24 characters', () => {
    expect(refusalOf({ ASSAY_ADMIN_TOKEN: 'short-token' }).message).toMatch(/ASSAY_ADMIN_TOKEN/);
    expect(loadConfig({ ASSAY_ADMIN_TOKEN: GOOD_ADMIN_TOKEN }).adminToken).toBe(GOOD_ADMIN_TOKEN);
  });

  it.each([
    ['whitespace', ' '.repeat(32)],
    ['one repeated character', 'y'.repeat(40)],
    ['a repeated short word', 'abc'.repeat(12)],
    ['tabs and newlines', '\t\n'.repeat(16)],
    ['padding around a secret', `  ${GOOD_ADMIN_TOKEN}  `],
    ['a secret with a space inside', 'Zq8 vT2kLm9pXr4sWn6yBc1d'],
  ])('refuses an admin token made of %s', (_kind, token) => {
    expect(refusalOf({ ASSAY_ADMIN_TOKEN: token }).message).toMatch(/ASSAY_ADMIN_TOKEN/);
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({
      PORT: '',
      HOST: '',
      ASSAY_DATABASE_URL: '',
      ASSAY_PUBLIC_URL: '',
      ASSAY_ADMIN_TOKEN: '',
      ASSAY_SEED_DEMO: '',
      ASSAY_BODY_LIMIT_BYTES: '',
      LOG_LEVEL: '',
    });
    expect(config).toEqual(loadConfig({}));
    expect(config.adminToken).toBeUndefined();
  });

  it('reads how often the request summary is written, and refuses a period that is not whole seconds from 1 to 86400', () => {
    expect(loadConfig({}).logSummaryMs).toBe(60_000);
    expect(loadConfig({ ASSAY_LOG_SUMMARY_SECONDS: '5' }).logSummaryMs).toBe(5_000);
    for (const period of ['0', '1.5', 'soon', '86401']) {
      expect(refusalOf({ ASSAY_LOG_SUMMARY_SECONDS: period }).message).toMatch(/ASSAY_LOG_SUMMARY_SECONDS.*whole number of seconds, from 1 to 86400/);
    }
  });

  it('reads the most log data waiting for stdout (16 MiB by default), and refuses a size that is not whole bytes from 16 KiB to 1 GiB', () => {
    expect(loadConfig({}).logBufferBytes).toBe(16 * 1024 * 1024);
    expect(loadConfig({ ASSAY_LOG_BUFFER_BYTES: '16384' }).logBufferBytes).toBe(16_384);
    for (const size of ['0', '16383', '1.5', 'lots', '1073741825']) {
      expect(refusalOf({ ASSAY_LOG_BUFFER_BYTES: size }).message).toMatch(/ASSAY_LOG_BUFFER_BYTES.*whole number of bytes, from 16384 to 1073741824/);
    }
  });

  it('refuses other malformed values', () => {
    expect(refusalOf({ ASSAY_SEED_DEMO: 'maybe' }).message).toMatch(/ASSAY_SEED_DEMO/);
    expect(refusalOf({ ASSAY_BODY_LIMIT_BYTES: '10' }).message).toMatch(/ASSAY_BODY_LIMIT_BYTES/);
    expect(refusalOf({ LOG_LEVEL: 'verbose' }).message).toMatch(/LOG_LEVEL/);
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root' }).port).toBe(3000);
  });
});
