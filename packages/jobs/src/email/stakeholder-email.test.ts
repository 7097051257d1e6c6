import { describe, expect, it } from 'vitest';
import { escapeHtml, formatAttemptedOn, formatMinutes, oneLine, renderStakeholderEmail, type StakeholderEmailData } from './stakeholder-email.js';

const DATA: StakeholderEmailData = {
  orgName: 'Acme Hiring',
  candidateName: 'Jane Doe',
  candidateEmail: 'jane@candidates.test',
  testName: 'Backend screening',
  score: '42.5',
  totalScore: '50',
  attemptedOn: '2026-05-01T10:20:30',
  timeTaken: 37,
  windowViolations: 2,
  reportUrl: 'https://assay.test/api/v2/reports/123.pdf',
  testInvitationId: 123,
};

describe('renderStakeholderEmail', () => {
  it('names the candidate, the test and the score in the subject', () => {
    expect(renderStakeholderEmail(DATA).subject).toBe('Completed: Jane Doe \u2014 Backend screening (42.5/50)');
  });

  it('writes every fact into the plain-text body, one aligned line each', () => {
    const { text } = renderStakeholderEmail(DATA);
    expect(text).toBe(
      [
        'Jane Doe has completed "Backend screening".',
        '',
        'Candidate:          Jane Doe <jane@candidates.test>',
        'Test:               Backend screening',
        'Score:              42.5 / 50',
        'Time taken:         37 min',
        'Window violations:  2',
        'Attempted on:       2026-05-01 10:20:30 UTC',
        '',
        'View the report (PDF): https://assay.test/api/v2/reports/123.pdf',
        '',
        '--',
        'Invitation 123 \u00b7 Acme Hiring',
        'You receive this because a test link of Acme Hiring sends completion notices to this address.',
        '',
      ].join('\n'),
    );
  });

  it('puts the same facts into the HTML body with a report link', () => {
    const { html } = renderStakeholderEmail(DATA);
    for (const fact of [
      'Jane Doe',
      'jane@candidates.test',
      'Backend screening',
      '42.5 / 50',
      '37 min',
      '2026-05-01 10:20:30 UTC',
      'Acme Hiring',
      'Invitation 123',
    ]) {
      expect(html).toContain(fact);
    }
    expect(html).toMatch(/<td[^>]*>Window violations<\/td><td[^>]*>2<\/td>/);
    expect(html).toMatch(/<a href="https:\/\/assay\.test\/api\/v2\/reports\/123\.pdf"[^>]*>View the report \(PDF\)<\/a>/);
    expect(html).toMatch(/^<!DOCTYPE html>/);
  });

  it('uses inline styles and tables only: no <style> block, no stylesheet, no script', () => {
    const { html } = renderStakeholderEmail(DATA);
    expect(html).not.toMatch(/<style|<link|<script|class=/i);
    expect(html).toContain('<table role="presentation"');
  });

  it('escapes every user-typed value in the HTML', () => {
    const hostile: StakeholderEmailData = {
      ...DATA,
      orgName: 'Org & "Co" <b>',
      candidateName: '<script>alert("x")</script>',
      candidateEmail: "o'neil@x.test",
      testName: '<img src=x onerror=alert(1)>',
      score: '<1>',
      reportUrl: 'https://assay.test/r.pdf?a=1&b="2"',
    };
    const { html, subject } = renderStakeholderEmail(hostile);
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Org &amp; &quot;Co&quot; &lt;b&gt;');
    expect(html).toContain('o&#39;neil@x.test');
    expect(html).toContain('href="https://assay.test/r.pdf?a=1&amp;b=&quot;2&quot;"');
    // The subject is a header, not HTML: it keeps the text as typed and the mailer encodes it.
    expect(subject).toBe('Completed: <script>alert("x")</script> \u2014 <img src=x onerror=alert(1)> (<1>/50)');
  });

  it('keeps a name with line breaks on one line in the subject and the text body', () => {
    const { subject, text } = renderStakeholderEmail({ ...DATA, candidateName: 'Jane\r\nBcc: evil@x.test\n Doe' });
    expect(subject).toBe('Completed: Jane Bcc: evil@x.test Doe \u2014 Backend screening (42.5/50)');
    expect(text.split('\n')[0]).toBe('Jane Bcc: evil@x.test Doe has completed "Backend screening".');
  });

  it('falls back to the email address when the candidate has no name', () => {
    const { subject, text } = renderStakeholderEmail({ ...DATA, candidateName: '  ' });
    expect(subject).toBe('Completed: jane@candidates.test \u2014 Backend screening (42.5/50)');
    expect(text).toContain('Candidate:          jane@candidates.test\n');
  });

  it('says "Not recorded" when there is no attempt time', () => {
    expect(renderStakeholderEmail({ ...DATA, attemptedOn: null }).text).toContain('Attempted on:       Not recorded');
  });

  it('does not make a non-web report URL clickable', () => {
    const { html } = renderStakeholderEmail({ ...DATA, reportUrl: 'javascript:alert(1)' });
    expect(html).not.toContain('href=');
    expect(html).toContain('View the report (PDF): javascript:alert(1)');
  });
});

describe('formatAttemptedOn', () => {
  it.each([
    ['2026-05-01T10:20:30', '2026-05-01 10:20:30 UTC'],
    ['2026-12-31T23:59:59', '2026-12-31 23:59:59 UTC'],
    ['not a date', 'not a date'],
    ['2026-02-30T10:00:00', '2026-02-30T10:00:00'],
  ])('%s → %s', (input, shown) => {
    expect(formatAttemptedOn(input)).toBe(shown);
  });

  it('shows a missing time as Not recorded', () => {
    expect(formatAttemptedOn(null)).toBe('Not recorded');
  });
});

describe('formatMinutes', () => {
  it.each([
    [0, '0 min'],
    [1, '1 min'],
    [59, '59 min'],
    [60, '1 h'],
    [125, '2 h 5 min'],
  ])('%i → %s', (minutes, shown) => {
    expect(formatMinutes(minutes)).toBe(shown);
  });
});

describe('oneLine', () => {
  it('collapses line breaks, tabs, control characters and runs of spaces', () => {
    expect(oneLine('  a\r\n\tb\u0000c\u2028d   e  ')).toBe('a b c d e');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;');
  });
});
