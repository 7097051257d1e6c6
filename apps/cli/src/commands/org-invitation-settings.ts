import type { InvitationSettings } from '@assay/domain/schemas';
import type { Command } from 'commander';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

export const invitationSettingsText = ({ sendEmailByDefault }: InvitationSettings): string =>
  sendEmailByDefault
    ? 'Invited candidates are emailed unless the invitation says not to (assay invite --no-send-email).'
    : 'Invited candidates are not emailed unless the invitation asks (assay invite --send-email).';

/** `assay org invitations`: shows the org's default for emailing invited candidates, or sets it (decision 815). */
export const registerInvitationSettings = (org: Command, io: CliIo): void => {
  withJson(
    org
      .command('invitations')
      .description("whether a candidate invited without --send-email/--no-send-email is emailed (the org's default)")
      .option('--send-email-by-default', 'email them (an admin key only)')
      .option('--no-send-email-by-default', 'do not email them (the default of every org)'),
  ).action(
    act(io, async (io, options: GlobalOptions & { sendEmailByDefault?: boolean }) => {
      const client = await connect(io, options.profile);
      const settings =
        options.sendEmailByDefault === undefined
          ? await client.invitationSettings.get()
          : await client.invitationSettings.set({ sendEmailByDefault: options.sendEmailByDefault });
      emit(io, options, settings, () => invitationSettingsText(settings));
    }),
  );
};
