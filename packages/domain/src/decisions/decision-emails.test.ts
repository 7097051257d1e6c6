import { describe, expect, it } from 'vitest';
import { DecisionEmailSettings, decisionEmailKindOf, defaultDecisionEmails, renderDecisionEmail, unknownPlaceholdersIn } from './decision-emails.js';

const values = { candidateName: 'Ada', testName: 'SQL basics', orgName: 'Acme', schedulingLink: '' };

describe('decision emails (issue 61 item 1)', () => {
  it('renders placeholders and drops an empty scheduling link', () => {
    const email = renderDecisionEmail(defaultDecisionEmails.advanced, values);
    expect(email.subject).toBe('Next steps with Acme');
    expect(email.body).toContain('Dear Ada,');
    expect(email.body).not.toContain('{{');
    expect(email.body).not.toMatch(/\n{3}/);
  });
  it('refuses unknown placeholders, bad Reply-To and bad links with a clear message', () => {
    expect(unknownPlaceholdersIn('Hi {{candidateNme}} {{orgName}}')).toEqual(['candidateNme']);
    const bad = DecisionEmailSettings.safeParse({
      ...defaultDecisionEmails,
      rejected: { subject: 'Hi {{nme}}', body: 'x' },
      replyTo: 'nope',
      schedulingLink: 'ftp://x',
    });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('subject names unknown placeholders: nme (known: candidateName, testName, orgName, schedulingLink)');
    expect(messages).toContain('replyTo must be an email address');
    expect(messages).toContain('schedulingLink must be an http(s) URL');
    expect(DecisionEmailSettings.safeParse(defaultDecisionEmails).success).toBe(true);
  });
  it('maps decisions to templates', () => {
    expect(decisionEmailKindOf('rejected')).toBe('rejected');
    expect(decisionEmailKindOf('shortlisted')).toBe('advanced');
    expect(decisionEmailKindOf('on-hold')).toBeUndefined();
    expect(decisionEmailKindOf(null)).toBeUndefined();
  });
});
