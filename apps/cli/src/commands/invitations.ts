import type { Command } from 'commander';
import { answeredUrl } from '../format/checked-url.js';
import { invitationEmailNote } from '../registration/invitation-email-note.js';
import { UsageError } from '../errors.js';
import { parseId, parseWireDate } from './arguments.js';
import { extendedExpiry, extendedText, parseSpan } from './extend-by.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { registerInvitationList } from './invitation-list.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

export const registerInvitations = (program: Command, io: CliIo): void => {
  const invitations = program.command('invitations').description("list a test's invitations, summarise them, cancel, reattempt, resend or extend one");
  registerInvitationList(invitations, io);

  withJson(
    invitations
      .command('cancel')
      .description('cancel a pending invitation (4.9)')
      .argument('<ID>', 'the testInvitationId', parseId)
      .option('--test <TEST_ID>', "the invitation's test (checked by the server)", parseId)
      .option('--notify', "email the candidate the org's cancellation template after the undo window"),
  ).action(
    act(io, async (io, options: GlobalOptions & { test?: number; notify?: boolean }, id: number) => {
      const query = { ...(options.test === undefined ? {} : { testId: options.test }), ...(options.notify ? { notify: true } : {}) };
      const cancelled = await (await connect(io, options.profile)).invitations.cancel(id, query);
      const emailed = options.notify ? ' The candidate is emailed after the undo window.' : '';
      emit(io, options, cancelled, () => `Invitation ${cancelled.testInvitationId} is cancelled.${emailed}`);
    }),
  );

  withJson(
    invitations
      .command('reattempt')
      .description('a new attempt for a completed invitation (4.10); prints its URL')
      .argument('<ID>', 'the testInvitationId', parseId)
      .option('--send-email', 'email the candidate the new attempt')
      .option('--no-send-email', 'never email it (left out: emailed when the first invitation was, decision 781)'),
  ).action(
    act(io, async (io, options: GlobalOptions & { sendEmail?: boolean }, id: number) => {
      const reattempt = await (await connect(io, options.profile)).invitations.reattempt(id, undefined, { sendEmail: options.sendEmail });
      const url = answeredUrl(reattempt.takeTestURL, 'take-test URL');
      if (reattempt.emailQueued !== undefined) io.stderr.write(`${invitationEmailNote(reattempt.emailQueued)}\n`);
      emit(io, options, reattempt, () => url);
    }),
  );

  withJson(
    invitations
      .command('resend')
      .description('email the candidate their current take-test URL again (at most once per 10 minutes, 5 a day: decision 813)')
      .argument('<ID>', 'the testInvitationId', parseId),
  ).action(
    act(io, async (io, options: GlobalOptions, id: number) => {
      const resent = await (await connect(io, options.profile)).invitations.resend(id);
      emit(io, options, resent, () => `The invitation email to the candidate of invitation ${resent.testInvitationId} was queued (see assay deliveries).`);
    }),
  );

  withJson(
    invitations
      .command('extend')
      .description('give a not-yet-started invitation a later expiry of its own (PUT …/expiry), and with --resend email its link again; prints it')
      .argument('<ID>', 'the testInvitationId', parseId)
      .option('--until <DT>', 'the new expiry, UTC, YYYY-MM-DDTHH:MM:SS', parseWireDate)
      .option('--by <SPAN>', 'open for this long from now: 90m, 12h, 3d, 2w (decision 784)', parseSpan)
      .option('--resend', 'also email the candidate their link, in the same move (an expired invitation renewed: decision 1393)'),
  ).action(
    act(io, async (io, options: GlobalOptions & { until?: string; by?: number; resend?: boolean }, id: number) => {
      if ((options.until === undefined) === (options.by === undefined)) throw new UsageError('give one of --until DT or --by SPAN.');
      const expiresAt = extendedExpiry(options.until, options.by, Date.now()) ?? '';
      const resend = options.resend === true;
      const extended = await (await connect(io, options.profile)).reminders.setInvitationExpiry(id, { expiresAt, ...(resend ? { resend } : {}) });
      emit(io, options, extended, () => extendedText(extended));
    }),
  );
};
