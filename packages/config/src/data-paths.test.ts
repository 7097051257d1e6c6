import { describe, expect, it } from 'vitest';
import { resolveDatabaseUrl, startDirectory, withAbsolutePaths } from './data-paths.js';

describe('data paths', () => {
  it('resolves relative SQLite paths and the outbox against the start directory', () => {
    expect(withAbsolutePaths({ databaseUrl: 'sqlite:./data/assay.db', outboxDir: './data/outbox', port: 1 }, '/srv/assay')).toEqual({
      databaseUrl: 'sqlite:/srv/assay/data/assay.db',
      outboxDir: '/srv/assay/data/outbox',
      port: 1,
    });
  });

  it('leaves absolute paths, memory databases and PostgreSQL URLs alone', () => {
    expect(resolveDatabaseUrl('sqlite:/var/lib/assay.db', '/srv')).toBe('sqlite:/var/lib/assay.db');
    expect(resolveDatabaseUrl('sqlite::memory:', '/srv')).toBe('sqlite::memory:');
    expect(resolveDatabaseUrl('postgres://u@h/d', '/srv')).toBe('postgres://u@h/d');
  });

  it('starts from where pnpm was invoked, else the working directory', () => {
    expect(startDirectory({ INIT_CWD: '/home/ada/assay' })).toBe('/home/ada/assay');
    expect(startDirectory({})).toBe(process.cwd());
  });
});
