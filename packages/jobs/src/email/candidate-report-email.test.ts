import { describe, expect, it } from 'vitest';
import { renderCandidateReportEmail } from './candidate-report-email.js';

const data = { orgName: 'Acme', candidateName: 'Ada', testName: 'Backend', score: '7.5', totalScore: '10', timeTaken: 75, testInvitationId: 12 };

describe('the candidate’s report email (decision 932)', () => {
  it('gives the score, its share and the time, and no link', () => {
    const { subject, text } = renderCandidateReportEmail(data);
    expect(subject).toBe('Your result: Backend');
    expect(text).toContain('Your score:   7.5 / 10 (75%)');
    expect(text).toContain('Time taken:   1 h 15 min');
    expect(text).not.toMatch(/https?:/);
  });

  it('keeps typed names on one line and escapes them in HTML', () => {
    const { subject, text, html } = renderCandidateReportEmail({ ...data, candidateName: 'Eve\nSubject: x', testName: '<script>alert(1)</script>' });
    expect(subject).not.toContain('\n');
    expect(text).toContain('Hello Eve Subject: x,');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });
});
