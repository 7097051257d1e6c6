import { INVITATION_DAYS_MAX, type InvitationSettings, type InvitationSettingsInput } from '@assay/domain/schemas';
import { type Command, InvalidArgumentError } from 'commander';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

/**
 * `--default-deadline-days 7` or `none`: whole days 1–365, or `none` (null on the wire, made so by `changesOf`: commander
 * turns an option parser's null into an empty string).
 */
export const parseDaysOrNone = (value: string): number | 'none' => {
  if (value === 'none') return 'none';
  const days = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  if (!(days >= 1 && days <= INVITATION_DAYS_MAX)) throw new InvalidArgumentError(`must be whole days from 1 to ${INVITATION_DAYS_MAX}, or none.`);
  return days;
};

export const invitationSettingsText = ({ sendEmailByDefault, defaultDeadlineDays, remindAfterDays }: InvitationSettings): string =>
  [
    sendEmailByDefault
      ? 'Invited candidates are emailed unless the invitation says not to (assay invite --no-send-email).'
      : 'Invited candidates are not emailed unless the invitation asks (assay invite --send-email).',
    defaultDeadlineDays === null
      ? 'A single invitation made without a deadline has none.'
      : `A single invitation made without a deadline expires ${defaultDeadlineDays} day(s) after it is made.`,
    remindAfterDays === null
      ? 'Candidates invited without any deadline are not reminded.'
      : `Candidates invited without any deadline who have not started are reminded once, ${remindAfterDays} day(s) after the invitation.`,
  ].join('\n');

type SettingsOptions = GlobalOptions & { sendEmailByDefault?: boolean; defaultDeadlineDays?: number | 'none'; remindAfterDays?: number | 'none' };

const daysOrNull = (days: number | 'none') => (days === 'none' ? null : days);

/** Only what was given, so the PUT leaves the rest as it is. */
const changesOf = (options: SettingsOptions): InvitationSettingsInput => ({
  ...(options.sendEmailByDefault === undefined ? {} : { sendEmailByDefault: options.sendEmailByDefault }),
  ...(options.defaultDeadlineDays === undefined ? {} : { defaultDeadlineDays: daysOrNull(options.defaultDeadlineDays) }),
  ...(options.remindAfterDays === undefined ? {} : { remindAfterDays: daysOrNull(options.remindAfterDays) }),
});

/** `assay org invitations`: shows the org's invitation settings, or sets those given (decisions 815, 1394, 1395). */
export const registerInvitationSettings = (org: Command, io: CliIo): void => {
  withJson(
    org
      .command('invitations')
      .description("the org's invitation defaults: emailing the candidate, a single invitation's deadline, reminders without one")
      .option('--send-email-by-default', 'email them (an admin key only)')
      .option('--no-send-email-by-default', 'do not email them (the default of every org)')
      .option('--default-deadline-days <N|none>', 'a single invitation made without a deadline expires N days after (an admin key only)', parseDaysOrNone)
      .option('--remind-after-days <N|none>', 'remind a candidate invited without any deadline after N days, once (an admin key only)', parseDaysOrNone),
  ).action(
    act(io, async (io, options: SettingsOptions) => {
      const client = await connect(io, options.profile);
      const changes = changesOf(options);
      const settings = Object.keys(changes).length === 0 ? await client.invitationSettings.get() : await client.invitationSettings.set(changes);
      emit(io, options, settings, () => invitationSettingsText(settings));
    }),
  );
};
