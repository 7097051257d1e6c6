import { z } from 'zod';
import type { CandidateDecision } from './candidate-decision.js';

/**
 * Per-org emails that tell a candidate about a decision (issue 61 item 1): one template per kind, the org's
 * Reply-To and an optional scheduling link an advancing email may carry. Pure: rendering takes the values in.
 */
export const decisionEmailKinds = ['rejected', 'advanced', 'cancelled'] as const;
export type DecisionEmailKind = (typeof decisionEmailKinds)[number];

export const decisionEmailPlaceholders = ['candidateName', 'testName', 'orgName', 'schedulingLink'] as const;
export type DecisionEmailPlaceholder = (typeof decisionEmailPlaceholders)[number];

export const DECISION_EMAIL_SUBJECT_MAX = 200;
export const DECISION_EMAIL_BODY_MAX = 10_000;

const placeholderPattern = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The placeholders a text names that rendering would not fill: a typo would reach the candidate verbatim. */
export const unknownPlaceholdersIn = (text: string): string[] =>
  [...text.matchAll(placeholderPattern)].map((match) => match[1] ?? '').filter((name) => !(decisionEmailPlaceholders as readonly string[]).includes(name));

const templateText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: `${field} must not be empty` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((text) => unknownPlaceholdersIn(text).length === 0, {
      error: (issue) =>
        `${field} names unknown placeholders: ${unknownPlaceholdersIn(String(issue.input)).join(', ')} (known: ${decisionEmailPlaceholders.join(', ')})`,
    });

export const DecisionEmailTemplate = z.object({
  subject: templateText('subject', DECISION_EMAIL_SUBJECT_MAX),
  body: templateText('body', DECISION_EMAIL_BODY_MAX),
});
export type DecisionEmailTemplate = z.infer<typeof DecisionEmailTemplate>;

export const DecisionEmailSettings = z.object({
  rejected: DecisionEmailTemplate,
  advanced: DecisionEmailTemplate,
  cancelled: DecisionEmailTemplate,
  replyTo: z.email({ error: 'replyTo must be an email address' }).nullable(),
  schedulingLink: z.url({ protocol: /^https?$/, error: 'schedulingLink must be an http(s) URL' }).nullable(),
});
export type DecisionEmailSettings = z.infer<typeof DecisionEmailSettings>;

/** What an org that never set its own templates sends. */
export const defaultDecisionEmails: DecisionEmailSettings = {
  rejected: {
    subject: 'Your application with {{orgName}}',
    body: 'Dear {{candidateName}},\n\nThank you for taking {{testName}}. After careful review we will not be moving forward with your application.\n\n{{orgName}}',
  },
  advanced: {
    subject: 'Next steps with {{orgName}}',
    body: 'Dear {{candidateName}},\n\nThank you for taking {{testName}}. We would like to move forward with you.\n\n{{schedulingLink}}\n\n{{orgName}}',
  },
  cancelled: {
    subject: 'Your invitation from {{orgName}} was cancelled',
    body: 'Dear {{candidateName}},\n\nYour invitation to take {{testName}} has been cancelled.\n\n{{orgName}}',
  },
  replyTo: null,
  schedulingLink: null,
};

/** Which template a decision sends, if any: on-hold and a cleared decision tell the candidate nothing. */
export const decisionEmailKindOf = (decision: CandidateDecision | null): DecisionEmailKind | undefined => {
  if (decision === 'rejected') return 'rejected';
  if (decision === 'advanced' || decision === 'shortlisted') return 'advanced';
  return undefined;
};

export type DecisionEmailValues = Readonly<Record<DecisionEmailPlaceholder, string>>;

/** Fills the placeholders; a missing scheduling link renders as nothing rather than a literal placeholder. */
export const renderDecisionEmail = (template: DecisionEmailTemplate, values: DecisionEmailValues): DecisionEmailTemplate => {
  const fill = (text: string) => text.replace(placeholderPattern, (_, name: DecisionEmailPlaceholder) => values[name] ?? '');
  return {
    subject: fill(template.subject).replace(/\s+/g, ' ').trim(),
    body: fill(template.body)
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  };
};
