import type { Command } from 'commander';
import { answeredUrl } from '../format/checked-url.js';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { registerInvitationList } from './invitation-list.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

export const registerInvitations = (program: Command, io: CliIo): void => {
  const invitations = program.command('invitations').description("list a test's invitations, summarise them, cancel or reattempt one");
  registerInvitationList(invitations, io);

  withJson(
    invitations
      .command('cancel')
      .description('cancel a pending invitation (4.9)')
      .argument('<ID>', 'the testInvitationId', parseId)
      .option('--test <TEST_ID>', "the invitation's test (checked by the server)", parseId),
  ).action(
    act(io, async (io, options: GlobalOptions & { test?: number }, id: number) => {
      const cancelled = await (await connect(io, options.profile)).invitations.cancel(id, options.test === undefined ? undefined : { testId: options.test });
      emit(io, options, cancelled, () => `Invitation ${cancelled.testInvitationId} is cancelled.`);
    }),
  );

  withJson(
    invitations
      .command('reattempt')
      .description('a new attempt for a completed invitation (4.10); prints its URL')
      .argument('<ID>', 'the testInvitationId', parseId),
  ).action(
    act(io, async (io, options: GlobalOptions, id: number) => {
      const reattempt = await (await connect(io, options.profile)).invitations.reattempt(id);
      const url = answeredUrl(reattempt.takeTestURL, 'take-test URL');
      emit(io, options, reattempt, () => url);
    }),
  );
};
