import type { TestLinkBody } from '@assay/client';
import { resolveAccessWindow } from '@assay/domain/invitations';
import type { AccessTime, TestLink } from '@assay/domain/schemas';
import { Option, type Command } from 'commander';
import { UsageError } from '../errors.js';
import { parseTimeZone, parseWireDate } from './arguments.js';

export interface LinkFlags {
  name?: string;
  accessTime?: `${AccessTime}`;
  start?: string;
  end?: string;
  tz?: number;
  inviteOnly?: boolean;
  proctoring?: boolean;
  stakeholder?: string;
  status?: 'active' | 'inactive';
}

/** The flags `links create` and `links update` share. */
export const withLinkFlags = (command: Command, mode: 'create' | 'update'): Command => {
  const name = new Option('--name <NAME>', "the link's name");
  const accessTime = new Option('--access-time <MODE>', "0 anytime, 1 time bound (start to end), 2 slot wise (daily from start's to end's time)").choices([
    '0',
    '1',
    '2',
  ]);
  if (mode === 'create') {
    name.makeOptionMandatory();
    accessTime.makeOptionMandatory();
  }
  command
    .addOption(name)
    .addOption(accessTime)
    .option('--start <DT>', 'UTC start, YYYY-MM-DDTHH:MM:SS (access times 1 and 2)', parseWireDate)
    .option('--end <DT>', 'UTC end, YYYY-MM-DDTHH:MM:SS (access times 1 and 2)', parseWireDate)
    .option('--tz <ID>', 'the time zone candidates see dates in: a timeZoneId or IANA name', parseTimeZone)
    .option('--invite-only', 'only invited candidates may register')
    .option('--proctoring', 'camera snapshots during the test')
    .option('--stakeholder <EMAILS>', 'who is emailed completions ("" for nobody)');
  if (mode === 'update') {
    command
      .option('--no-invite-only', 'anyone with the link may register')
      .option('--no-proctoring', 'no camera snapshots')
      .addOption(new Option('--status <STATUS>', 'active or inactive').choices(['active', 'inactive']));
  }
  return command;
};

/**
 * The body of a create or update. On update, name and access time are required by the API, so left-out ones
 * (and the dates, when the access time stays) come from the stored link. Dates are checked by the domain's
 * access-time rules before anything is sent.
 */
export const linkBodyOf = (flags: LinkFlags, current?: TestLink): TestLinkBody => {
  const testLinkName = flags.name ?? current?.testLinkName;
  const accessTime = flags.accessTime === undefined ? current?.accessTime : (Number(flags.accessTime) as AccessTime);
  if (testLinkName === undefined || accessTime === undefined) throw new UsageError('--name and --access-time are required.');
  const keepDates = current !== undefined && accessTime === current.accessTime;
  const startDateTime = flags.start ?? (keepDates ? current.startDateTime : null);
  const endDateTime = flags.end ?? (keepDates ? current.endDateTime : null);
  const window = resolveAccessWindow({ accessTime, startDateTime, endDateTime });
  if (window.err) throw new UsageError(window.err.message.replace('startDateTime and endDateTime are', '--start and --end are'));
  return {
    testLinkName,
    accessTime,
    ...(accessTime === 0 ? {} : { startDateTime, endDateTime }),
    ...(flags.tz === undefined ? {} : { timeZoneId: flags.tz }),
    ...(flags.inviteOnly === undefined ? {} : { inviteCandidateOnly: flags.inviteOnly ? 1 : 0 }),
    ...(flags.proctoring === undefined ? {} : { imageProctoring: flags.proctoring ? 1 : 0 }),
    ...(flags.stakeholder === undefined ? {} : { emailToStakeholder: flags.stakeholder }),
    ...(flags.status === undefined ? {} : { testLinkStatus: flags.status === 'active' ? 1 : 3 }),
  };
};
