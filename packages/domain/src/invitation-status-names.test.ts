import { describe, expect, it } from 'vitest';
import { INVITATION_STATUS, REPORT_STATUS } from './invitation-status-names.js';
import { InvitationStatus } from './invitation-status.js';
import { ReportStatus } from './schemas/report.js';

describe('the states by name', () => {
  it('names every invitation state once, and nothing else', () => {
    expect(Object.values(INVITATION_STATUS).sort()).toEqual([...InvitationStatus.options].sort());
  });

  it('names every report state once, and nothing else', () => {
    expect(Object.values(REPORT_STATUS).sort()).toEqual([...ReportStatus.options].sort());
  });
});
