import type { Command } from 'commander';
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
      .option('--redirect <URL>', 'where the candidate goes after the test'),
  ).action(
    act(io, async (io, options: InviteOptions, testId: number) => {
      const client = await connect(io, options.profile);
      const candidate = { emailId: options.email, fullName: options.name, callbackURL: options.callback, redirectURL: options.redirect };
      if (options.link === undefined) {
        const registration = await client.invitations.register(testId, candidate);
        emit(io, options, registration, () => registration.takeTestURL);
      } else {
        const registration = await client.testLinks.register(testId, options.link, candidate);
        emit(io, options, registration, () => registration.testUrl);
      }
    }),
  );
};
