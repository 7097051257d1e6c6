import { readFile } from 'node:fs/promises';
import type { DecisionEmailSettings } from '@assay/domain/invitations';
import { type Command, InvalidArgumentError } from 'commander';
import { UsageError } from '../errors.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

const KINDS = ['rejected', 'advanced', 'cancelled'] as const;
type Kind = (typeof KINDS)[number];

type EmailOptions = GlobalOptions & {
  email?: Kind;
  subject?: string;
  bodyFile?: string;
  replyTo?: string;
  schedulingLink?: string;
};

/** The org's decision emails as a person reads them: each template, then where replies go and the scheduling link. */
export const decisionEmailsText = (settings: DecisionEmailSettings): string =>
  [
    ...KINDS.map((kind) => `${kind} — Subject: ${settings[kind].subject}\n${settings[kind].body.replace(/^/gm, '  ')}`),
    `Reply-To: ${settings.replyTo ?? "none (the org's candidate-page contact email, if any)"}`,
    `Scheduling link: ${settings.schedulingLink ?? 'none'}`,
  ].join('\n\n');

const bodyOf = (file: string): Promise<string> =>
  readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`Cannot read the body from ${file}: ${error.code ?? error.message}.`);
  });

const noneOr = (value: string) => (value === 'none' ? null : value);

/**
 * `assay org decision-emails` (issue 61 item 1): shows the templates, or changes one (`--email rejected --subject …
 * --body-file reject.md`), the Reply-To or the scheduling link (`none` clears them). Changing takes an admin key.
 */
export const registerDecisionEmails = (org: Command, io: CliIo): void => {
  withJson(
    org
      .command('decision-emails')
      .description('the emails a decision or a cancellation sends the candidate with --notify: templates, Reply-To, scheduling link')
      .option('--email <KIND>', 'the template to change: rejected, advanced or cancelled', (value: string) => {
        const kind = KINDS.find((known) => known === value);
        if (!kind) throw new InvalidArgumentError(`must be one of ${KINDS.join(', ')}.`);
        return kind;
      })
      .option('--subject <TEXT>', "the template's subject (with --email)")
      .option('--body-file <FILE>', "the template's body, in the question-text format (with --email)")
      .option('--reply-to <ADDRESS|none>', 'where candidates’ replies go')
      .option('--scheduling-link <URL|none>', 'filled in for {{schedulingLink}}'),
  ).action(
    act(io, async (io, options: EmailOptions) => {
      const template = options.subject !== undefined || options.bodyFile !== undefined;
      if (template && !options.email) throw new UsageError('--subject and --body-file change one template: name it with --email.');
      if (options.email && !template) throw new UsageError('--email needs --subject and --body-file.');
      const client = await connect(io, options.profile);
      const current = await client.decisionEmails.get();
      const changes = {
        ...(options.email
          ? {
              [options.email]: {
                subject: options.subject ?? current[options.email].subject,
                body: options.bodyFile === undefined ? current[options.email].body : await bodyOf(options.bodyFile),
              },
            }
          : {}),
        ...(options.replyTo === undefined ? {} : { replyTo: noneOr(options.replyTo) }),
        ...(options.schedulingLink === undefined ? {} : { schedulingLink: noneOr(options.schedulingLink) }),
      };
      const settings = Object.keys(changes).length === 0 ? current : await client.decisionEmails.set(changes);
      emit(io, options, settings, () => decisionEmailsText(settings));
    }),
  );
};
