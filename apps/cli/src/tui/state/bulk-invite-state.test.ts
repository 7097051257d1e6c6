import type { BulkInvitationJob } from '@assay/domain/bulk';
import { describe, expect, it } from 'vitest';
import { parseBulkFile } from '../../bulk/bulk-file.js';
import { named } from '../input/keystroke.js';
import {
  bulkInviteKeys,
  bulkInviteReducer,
  initialBulkInvite,
  readCallKey,
  refusedPathFor,
  saveCallKey,
  sendCallKey,
  type BulkInviteEvent,
} from './bulk-invite-state.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const file = parseBulkFile('people.csv', 'Email , NAME,linkExpiresAt\nada@example.com,Ada,\nbad,Bob,\ncy@example.com,Cy,2020-01-01T00:00:00Z\n', NOW);
const job = (over: Partial<BulkInvitationJob>): BulkInvitationJob => ({
  jobId: 7,
  testId: 1,
  state: 'running',
  total: 3,
  invited: 0,
  alreadyInvited: 0,
  refused: 2,
  pending: 1,
  percent: 66,
  resubmitted: false,
  createdAt: '2026-11-25T12:00:00.000Z',
  finishedAt: null,
  ...over,
});
const run = (...events: BulkInviteEvent[]) => events.reduce(bulkInviteReducer, initialBulkInvite());

describe('the bulk invitation screen’s state', () => {
  it('checks the file with the domain’s rules, as the server will', () => {
    expect(file.rows).toHaveLength(3);
    expect(file.checks.map((check) => (check.ok ? 'ok' : check.reason))).toEqual([
      'ok',
      'email must be a valid email address',
      'linkExpiresAt 2020-01-01T00:00:00Z is in the past',
    ]);
    expect(() => parseBulkFile('x.csv', 'mail,name\n', NOW)).toThrow(/must name email/);
  });

  it('goes from a path to the preview, the job and its summary, each call keyed once', () => {
    const typed = run({ type: 'edit', edit: { type: 'insert', text: 'people.csv' } });
    expect(readCallKey(bulkInviteReducer(typed, { type: 'read' }))).toBe('read#1');
    const previewing = run({ type: 'edit', edit: { type: 'insert', text: 'people.csv' } }, { type: 'read' }, { type: 'readDone', file });
    expect(previewing.phase).toBe('previewing');
    const sending = bulkInviteReducer(previewing, { type: 'confirm' });
    expect(sendCallKey(sending)).toBe('send#2');
    const running = bulkInviteReducer(sending, { type: 'sent', job: job({}) });
    expect(running.phase).toBe('running');
    const finished = bulkInviteReducer(running, { type: 'progressed', job: job({ state: 'finished', invited: 1, pending: 0, percent: 100 }) });
    expect(finished).toMatchObject({ phase: 'finished', target: null });
    const asking = bulkInviteReducer(finished, { type: 'saveAs' });
    expect(asking).toMatchObject({ target: { value: 'people-refused.csv' } });
    const saving = bulkInviteReducer(asking, { type: 'save' });
    expect(saveCallKey(saving)).toBe('save#3');
    expect(bulkInviteReducer(saving, { type: 'saved', path: '/tmp/people-refused.csv' })).toMatchObject({
      saving: false,
      target: null,
      saved: '/tmp/people-refused.csv',
    });
  });

  it('goes back from the preview to the path, and a failed read shows its reason on the path', () => {
    const previewing = run({ type: 'edit', edit: { type: 'insert', text: 'people.csv' } }, { type: 'read' }, { type: 'readDone', file });
    expect(bulkInviteKeys(previewing, named('escape')).events).toEqual([{ type: 'back' }]);
    expect(bulkInviteReducer(previewing, { type: 'back' })).toMatchObject({ phase: 'choosing', path: { value: 'people.csv' } });
    const failed = run(
      { type: 'edit', edit: { type: 'insert', text: 'gone.csv' } },
      { type: 'read' },
      { type: 'failed', failure: { exitCode: 2, label: 'usage', message: 'cannot read gone.csv: ENOENT' } },
    );
    expect(failed).toMatchObject({ phase: 'choosing', failure: { message: 'cannot read gone.csv: ENOENT' } });
  });

  it('picks among the CSV files found with ↑↓, and offers a name beside the file for the refused rows', () => {
    const found = run({ type: 'found', paths: ['a.csv', 'b.csv'] });
    expect(bulkInviteReducer(found, { type: 'pick', delta: 1 }).path.value).toBe('a.csv');
    expect(bulkInviteReducer(bulkInviteReducer(found, { type: 'pick', delta: 1 }), { type: 'pick', delta: 1 }).path.value).toBe('b.csv');
    expect(bulkInviteReducer(found, { type: 'pick', delta: -1 }).path.value).toBe('b.csv');
    expect(refusedPathFor('dir/People.CSV')).toBe('dir/People-refused.csv');
    expect(refusedPathFor('list.txt')).toBe('list.txt-refused.csv');
  });
});
