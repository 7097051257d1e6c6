import { describe, expect, it } from 'vitest';
import { DataNotice, dataNoticeOf } from './data-notice.js';

const org = { displayName: 'Acme Hiring', contactName: 'Jane Doe', contactEmail: 'talent@acme.example', contactUrl: null };

describe('dataNoticeOf (issue 51 item 4, decision 881)', () => {
  it('names the holder and contact, and records answers, departures, pastes and keystroke timing on every test', () => {
    const notice = dataNoticeOf({ org, imageProctoring: false, takesCode: false, retentionDays: null });
    expect(notice).toEqual({
      holder: 'Acme Hiring',
      contact: { contactName: 'Jane Doe', contactEmail: 'talent@acme.example', contactUrl: null },
      recorded: ['answers', 'window-departures', 'pastes-and-keystroke-timing'],
      retentionDays: null,
    });
    expect(DataNotice.parse(notice)).toEqual(notice);
  });

  it('adds code playback only where a question takes code, and camera snapshots only with the camera on', () => {
    expect(dataNoticeOf({ org, imageProctoring: true, takesCode: true, retentionDays: 365 }).recorded).toEqual([
      'answers',
      'window-departures',
      'pastes-and-keystroke-timing',
      'code-playback',
      'camera-snapshots',
    ]);
    expect(dataNoticeOf({ org, imageProctoring: true, takesCode: false, retentionDays: null }).recorded).not.toContain('code-playback');
  });

  it('states a retention of whole positive days, and none otherwise', () => {
    expect(dataNoticeOf({ org, imageProctoring: false, takesCode: false, retentionDays: 180 }).retentionDays).toBe(180);
    for (const days of [0, -1, 1.5, Number.NaN])
      expect(dataNoticeOf({ org, imageProctoring: false, takesCode: false, retentionDays: days }).retentionDays).toBeNull();
  });
});
