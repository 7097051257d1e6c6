import { mkdtempSync, readFileSync, statSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { readConfig, saveProfile } from './config-file.js';
import { configPathOf } from './config-path.js';
import { resolveSettings } from './settings.js';

describe('where profiles live', () => {
  it('follows ASSAY_CONFIG, then XDG_CONFIG_HOME, then ~/.config (APPDATA on Windows)', () => {
    expect(configPathOf({ ASSAY_CONFIG: '/etc/assay.json', XDG_CONFIG_HOME: '/x' }, 'linux', '/home/ada')).toBe('/etc/assay.json');
    expect(configPathOf({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/ada')).toBe('/x/assay/config.json');
    expect(configPathOf({}, 'linux', '/home/ada')).toBe('/home/ada/.config/assay/config.json');
    expect(configPathOf({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toMatch(
      /^C:\\Users\\ada\\AppData\\Roaming[\\/]assay[\\/]config\.json$/,
    );
  });
});

describe('the profile file', () => {
  it('is written with mode 0600, keeps other profiles, and tightens an older readable file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'assay-config-'));
    const path = join(dir, 'assay', 'config.json');
    mkdirSync(join(dir, 'assay'));
    writeFileSync(path, JSON.stringify({ profiles: { work: { url: 'https://work.example', apiKey: 'k1' } } }));
    chmodSync(path, 0o644);
    await saveProfile(path, 'default', { url: 'http://127.0.0.1:3000', apiKey: 'k2' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      profiles: { work: { url: 'https://work.example', apiKey: 'k1' }, default: { url: 'http://127.0.0.1:3000', apiKey: 'k2' } },
    });
    expect(await readConfig(join(dir, 'missing.json'))).toEqual({ profiles: {} });
  });

  it('names a damaged file as a usage error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'assay-config-'));
    writeFileSync(join(dir, 'broken.json'), '{ nope');
    await expect(readConfig(join(dir, 'broken.json'))).rejects.toBeInstanceOf(UsageError);
    writeFileSync(join(dir, 'wrong.json'), JSON.stringify({ profiles: { default: { url: 'ftp://x' } } }));
    await expect(readConfig(join(dir, 'wrong.json'))).rejects.toThrow(/wrong\.json is not an assay configuration/);
  });
});

describe('settings', () => {
  const config = {
    profiles: {
      default: { url: 'https://saved.example', apiKey: 'saved-key', adminToken: 'saved-token' },
      work: { url: 'https://work.example', apiKey: 'work-key' },
    },
  };
  it('take the profile, and each environment variable overrides its part', () => {
    expect(resolveSettings({}, config)).toEqual({
      profile: 'default',
      url: 'https://saved.example',
      urlSource: 'The URL of profile "default"',
      insecureHttp: false,
      apiKey: 'saved-key',
      adminToken: 'saved-token',
    });
    expect(resolveSettings({ ASSAY_API_KEY: 'env-key' }, config, 'work')).toEqual({
      profile: 'work',
      url: 'https://work.example',
      urlSource: 'The URL of profile "work"',
      insecureHttp: false,
      apiKey: 'env-key',
      adminToken: undefined,
    });
    expect(resolveSettings({ ASSAY_URL: 'http://env.example', ASSAY_ADMIN_TOKEN: 'env-token' }, config)).toMatchObject({
      url: 'http://env.example',
      urlSource: 'ASSAY_URL',
      apiKey: 'saved-key',
      adminToken: 'env-token',
    });
    expect(resolveSettings({}, config, 'missing')).toMatchObject({ profile: 'missing', url: undefined, apiKey: undefined, adminToken: undefined });
  });

  it("accept plain http to another machine for the profile's own URL (login --insecure-http), or with ASSAY_INSECURE_HTTP=1", () => {
    const insecure = { profiles: { lab: { url: 'http://lab.example', apiKey: 'k', insecureHttp: true } } };
    expect(resolveSettings({}, insecure, 'lab')).toMatchObject({ url: 'http://lab.example', insecureHttp: true });
    // The consent was for the profile's URL, not for another one in ASSAY_URL.
    expect(resolveSettings({ ASSAY_URL: 'http://other.example' }, insecure, 'lab')).toMatchObject({ insecureHttp: false });
    expect(resolveSettings({ ASSAY_URL: 'http://other.example', ASSAY_INSECURE_HTTP: '1' }, insecure, 'lab')).toMatchObject({ insecureHttp: true });
  });
});
