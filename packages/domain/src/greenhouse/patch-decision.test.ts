import { describe, expect, it } from 'vitest';
import { ReportStatus } from '../schemas/report.js';
import { NOT_CONFIGURED, decideGreenhousePatch } from './patch-decision.js';

const credentials = { username: 'gh-user', password: 'gh-secret' };

describe('decideGreenhousePatch', () => {
  it('sends a PATCH with the org credentials once the report is generated', () => {
    expect(decideGreenhousePatch('Generated', credentials)).toEqual({ kind: 'send', method: 'PATCH', credentials });
  });

  it.each(ReportStatus.options.filter((status) => status !== 'Generated'))('waits while the report is %s (scoring or a grade awaited)', (status) => {
    expect(decideGreenhousePatch(status, credentials)).toEqual({ kind: 'wait', reportStatus: status });
    expect(decideGreenhousePatch(status, undefined)).toEqual({ kind: 'wait', reportStatus: status });
  });

  it('cannot send without credentials, and says how to mend it', () => {
    expect(decideGreenhousePatch('Generated', undefined)).toEqual({ kind: 'cannot', reason: NOT_CONFIGURED });
    expect(NOT_CONFIGURED).toMatch(/PUT \/v2\/org\/integrations\/greenhouse/);
  });
});
