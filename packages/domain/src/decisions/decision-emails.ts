import { z } from 'zod';
import { clearable, multiLineText, plainText, singleLineText } from '../schemas/text-fields.js';
import { questionTextHtml } from '../text/question-text-html.js';
import { questionTextPlain } from '../text/question-text-plain.js';
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

// The text rules of every field, with their documented pattern (a subject of spaces alone is refused, and says so).
const templateText = (field: 'subject' | 'body', max: number) =>
  (field === 'subject' ? singleLineText(field, max) : multiLineText(field, max)).refine((text) => unknownPlaceholdersIn(text).length === 0, {
    error: (issue) =>
      `${field} names unknown placeholders: ${unknownPlaceholdersIn(String(issue.input)).join(', ')} (known: ${decisionEmailPlaceholders.join(', ')})`,
  });

export const DecisionEmailTemplate = z.object({
  subject: templateText('subject', DECISION_EMAIL_SUBJECT_MAX),
  body: templateText('body', DECISION_EMAIL_BODY_MAX),
});
export type DecisionEmailTemplate = z.infer<typeof DecisionEmailTemplate>;

const replyToAddress = z
  .email({ error: 'replyTo must be an email address' })
  .max(254, { error: 'replyTo must be at most 254 characters' })
  .check(plainText('replyTo'));
const schedulingUrl = z
  .url({ protocol: /^https?$/, error: 'schedulingLink must be an http(s) URL' })
  .max(2048, { error: 'schedulingLink must be at most 2048 characters' })
  .check(plainText('schedulingLink'));

export const DecisionEmailSettings = z
  .object({
    rejected: DecisionEmailTemplate,
    advanced: DecisionEmailTemplate,
    cancelled: DecisionEmailTemplate,
    replyTo: replyToAddress.nullable().meta({ description: 'Where a candidate’s reply goes; null: the org’s contact email, if any.' }),
    schedulingLink: schedulingUrl.nullable().meta({ description: 'Filled in for {{schedulingLink}}, e.g. a booking page; null: nothing.' }),
  })
  .meta({ id: 'DecisionEmailSettings' });
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

/** `PUT /v2/org/decision-emails`: the templates and settings given replace the stored ones; the rest stay. */
export const DecisionEmailSettingsInput = z
  .object({
    rejected: DecisionEmailTemplate.optional(),
    advanced: DecisionEmailTemplate.optional(),
    cancelled: DecisionEmailTemplate.optional(),
    replyTo: clearable('replyTo', replyToAddress).meta({ description: 'Where replies go; null or "" clears it.' }),
    schedulingLink: clearable('schedulingLink', schedulingUrl).meta({ description: 'The scheduling link; null or "" clears it.' }),
  })
  .strict()
  .meta({ id: 'DecisionEmailSettingsBody' });
export type DecisionEmailSettingsInput = z.infer<typeof DecisionEmailSettingsInput>;

export const updateDecisionEmails = (current: DecisionEmailSettings, update: DecisionEmailSettingsInput): DecisionEmailSettings => ({
  rejected: update.rejected ?? current.rejected,
  advanced: update.advanced ?? current.advanced,
  cancelled: update.cancelled ?? current.cancelled,
  replyTo: update.replyTo === undefined ? current.replyTo : update.replyTo,
  schedulingLink: update.schedulingLink === undefined ? current.schedulingLink : update.schedulingLink,
});

/** What was stored, read back: anything unreadable (hand-edited, an older shape) is the defaults, never a failed send. */
export const storedDecisionEmails = (stored: string | null): DecisionEmailSettings => {
  if (stored === null) return defaultDecisionEmails;
  try {
    const parsed = DecisionEmailSettings.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : defaultDecisionEmails;
  } catch {
    return defaultDecisionEmails;
  }
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

export const DecisionEmailKind = z.enum(decisionEmailKinds);

/** `POST …/decision-email/preview`: which email to show, as it would go to this candidate now. */
export const DecisionEmailPreviewInput = z
  .object({ email: DecisionEmailKind.meta({ description: 'rejected, advanced (also sent for shortlisted) or cancelled.' }) })
  .strict()
  .meta({ id: 'DecisionEmailPreviewBody' });

export const DecisionEmailMessage = z
  .object({
    email: DecisionEmailKind,
    to: z.string(),
    replyTo: z.string().nullable(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
  })
  .meta({ id: 'DecisionEmailMessage' });
export type DecisionEmailMessage = z.infer<typeof DecisionEmailMessage>;

/** Where a candidate's reply goes: the org's chosen Reply-To, else its candidate-page contact address, else nowhere. */
export const replyToOf = (settings: Pick<DecisionEmailSettings, 'replyTo'>, contactEmail: string | null): string | null => settings.replyTo ?? contactEmail;

/** The whole message one candidate gets: the template filled, its body read as question text for the HTML part. */
export const decisionEmailMessage = (
  settings: DecisionEmailSettings,
  email: DecisionEmailKind,
  to: { readonly address: string; readonly contactEmail: string | null },
  values: Omit<DecisionEmailValues, 'schedulingLink'>,
): DecisionEmailMessage => {
  const rendered = renderDecisionEmail(settings[email], { ...values, schedulingLink: settings.schedulingLink ?? '' });
  return {
    email,
    to: to.address,
    replyTo: replyToOf(settings, to.contactEmail),
    subject: rendered.subject,
    text: questionTextPlain(rendered.body),
    html: questionTextHtml(rendered.body),
  };
};

/**
 * Whether a queued decision email still says what stands when it is due (the undo window): the decision it was
 * queued for must still send it, and a cancellation's email needs the invitation still cancelled.
 */
export const decisionEmailStillTrue = (email: DecisionEmailKind, now: { readonly decision: CandidateDecision | null; readonly cancelled: boolean }): boolean =>
  email === 'cancelled' ? now.cancelled : decisionEmailKindOf(now.decision) === email;
