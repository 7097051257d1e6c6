import { describe, expect, test } from 'vitest';
import { postgresqlProfile } from './postgresql.js';
import { sqliteProfile } from './sqlite.js';

describe.each([
  ['sqlite', sqliteProfile, 'SQL (SQLite)'],
  ['postgresql', postgresqlProfile, 'SQL (PostgreSQL)'],
] as const)('%s profile', (_id, profile, name) => {
  test('is named for people, answers SQL questions only, and starts the candidate at a comment and SELECT', () => {
    expect(profile.name).toBe(name);
    expect(profile.forms).toEqual(['sql']);
    expect(profile.editor).toEqual({ kind: 'sql', dialect: profile.id });
    expect(profile.stub('ignored', undefined)).toBe('-- One statement: the rows it returns are your answer.\nSELECT\n');
  });
});
