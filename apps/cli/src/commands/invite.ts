import type { Command } from 'commander';
import { AlreadyRegisteredError } from '../errors.js';
import { terminalLine } from '../format/terminal-text.js';
import { alreadyRegistered, readsAsNew, reattemptInstead, registerCandidate } from '../registration/registration.js';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

interface InviteOptions extends GlobalOptions {
  email: string;
  name: string;
  link?: number;
  callback?: string;
  submittedCallback?: string;
  redirect?: string;
}

export const registerInvite = (program: Command, io: CliIo): void => {
  withJson(
    program
      .command('invite')
      .description('register a candidate (4.7, or 4.8 with --link) and print the take-test URL')
      .argument('<TEST_ID>', 'the test', parseId)
      .requiredOption('--email <E>', "the candidate's email address")
      .requiredOption('--name <N>', "the candidate's full name")
      .option('--link <LINK_ID>', 'register through this test link (its access rules apply)', parseId)
      .option('--callback <URL>', 'where the completion callback is sent')
      .option('--submitted-callback <URL>', 'where the "submitted" event is sent as soon as the attempt is scored (opt-in, Assay extension)')
      .option('--redirect <URL>', 'where the candidate goes after the test')
      .addHelpText(
        'after',
        '\nA candidate the test already has gets the same invitation and URL. If they have completed it, nothing is\n' +
          'printed: exit code 1, and stderr names `assay invitations reattempt ID`, which gives a new attempt and URL.',
      ),
  ).action(
    act(io, async (io, options: InviteOptions, testId: number) => {
      const client = await connect(io, options.profile);
      const candidate = {
        emailId: options.email,
        fullName: options.name,
        callbackURL: options.callback,
        submittedCallbackURL: options.submittedCallback,
        redirectURL: options.redirect,
      };
      const registration = await registerCandidate(client, testId, options.link, candidate);
      if (reattemptInstead(registration.status)) throw new AlreadyRegisteredError(registration.testInvitationId, registration.status);
      // In progress or Reset: the URL still takes the test, but this was not a new invitation.
      if (!readsAsNew(registration.status)) {
        const note = `note: ${alreadyRegistered(registration.status)}: invitation ${registration.testInvitationId}, whose URL still takes the test.`;
        io.stderr.write(`${terminalLine(note)}\n`);
      }
      emit(io, options, registration.answer, () => registration.url);
    }),
  );
};
