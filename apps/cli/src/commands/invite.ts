import type { Command } from 'commander';
import { bulkInvite } from '../bulk/bulk-invite.js';
import { AlreadyRegisteredError, UsageError } from '../errors.js';
import { terminalLine } from '../format/terminal-text.js';
import { invitationEmailNote } from '../registration/invitation-email-note.js';
import { alreadyRegistered, readsAsNew, reattemptInstead, registerCandidate } from '../registration/registration.js';
import { parseExtraTime, parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

interface InviteOptions extends GlobalOptions {
  email?: string;
  name?: string;
  csv?: string;
  refusedCsv?: string;
  link?: number;
  callback?: string;
  submittedCallback?: string;
  redirect?: string;
  extraTime?: number;
  sendEmail?: boolean;
}

export const registerInvite = (program: Command, io: CliIo): void => {
  withJson(
    program
      .command('invite')
      .description('register a candidate (4.7, or 4.8 with --link) and print the take-test URL; or invite a CSV file of them (--csv)')
      .argument('<TEST_ID>', 'the test', parseId)
      .option('--email <E>', "the candidate's email address")
      .option('--name <N>', "the candidate's full name")
      .option('--csv <FILE>', 'invite every row of this CSV file (columns email, name, extraTimePercent, linkExpiresAt) in one job')
      .option('--refused-csv <FILE>', 'with --csv: write the refused rows (row, email, reason) to this CSV file')
      .option('--link <LINK_ID>', 'register through this test link (its access rules apply)', parseId)
      .option('--callback <URL>', 'where the completion callback is sent')
      .option('--submitted-callback <URL>', 'where the "submitted" event is sent as soon as the attempt is scored (opt-in, Assay extension)')
      .option('--redirect <URL>', 'where the candidate goes after the test')
      .option('--extra-time <PERCENT>', "extra time for this candidate, as a percentage of the test's duration (0–100)", parseExtraTime)
      .option('--send-email', 'email the candidate their invitation (who invites them, until when, whom to ask)')
      .option('--no-send-email', "do not email the candidate (left out: the org's default, `assay org invitations`; off unless an admin set it)")
      .addHelpText(
        'after',
        '\nA candidate the test already has gets the same invitation and URL. If they have completed it, nothing is\n' +
          'printed: exit code 1, and stderr names `assay invitations reattempt ID`, which gives a new attempt and URL.\n\n' +
          'With --csv FILE: the file is sent as one job (up to 10,000 rows), followed until it finishes, and summed up.\n' +
          'Exit code 0 when every row was invited or already invited, 4 when some rows were refused (their reasons are\n' +
          'printed; --refused-csv FILE saves them), 2 for a usage error. The same file sent again invites nobody twice.',
      ),
  ).action(
    act(io, async (io, options: InviteOptions, testId: number) => {
      if (options.csv !== undefined) {
        if (options.email ?? options.name ?? options.link ?? options.callback ?? options.redirect ?? options.extraTime)
          throw new UsageError(
            '--csv invites the rows of a file (extra time in its extraTimePercent column): leave out --email, --name, --link, --callback, --redirect and --extra-time.',
          );
        await bulkInvite(io, await connect(io, options.profile), testId, { csv: options.csv, refusedCsv: options.refusedCsv, json: options.json });
        return;
      }
      if (options.refusedCsv !== undefined) throw new UsageError('--refused-csv goes with --csv.');
      if (options.email === undefined || options.name === undefined) throw new UsageError('give --email and --name, or --csv FILE.');
      const client = await connect(io, options.profile);
      const candidate = {
        emailId: options.email,
        fullName: options.name,
        callbackURL: options.callback,
        submittedCallbackURL: options.submittedCallback,
        redirectURL: options.redirect,
        extraTimePercent: options.extraTime,
        ...(options.sendEmail === undefined ? {} : { sendEmail: options.sendEmail }),
      };
      const registration = await registerCandidate(client, testId, options.link, candidate);
      if (reattemptInstead(registration.status)) throw new AlreadyRegisteredError(registration.testInvitationId, registration.status);
      // In progress or Reset: the URL still takes the test, but this was not a new invitation.
      if (!readsAsNew(registration.status)) {
        const note = `note: ${alreadyRegistered(registration.status)}: invitation ${registration.testInvitationId}, whose URL still takes the test.`;
        io.stderr.write(`${terminalLine(note)}\n`);
      }
      if (registration.answer.emailQueued !== undefined)
        io.stderr.write(`${terminalLine(invitationEmailNote(registration.answer.emailQueued, options.email))}\n`);
      emit(io, options, registration.answer, () => registration.url);
    }),
  );
};
