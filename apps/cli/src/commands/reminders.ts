import type { ReminderSettings } from '@assay/domain/invitations';
import { type Command, InvalidArgumentError } from 'commander';
import { UsageError } from '../errors.js';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

/** `48,4` as the hours list the server takes; its bounds are the server's (400.21), the shape is checked here. */
export const parseHours = (value: string): number[] => {
  if (!/^[0-9]{1,4}(,[0-9]{1,4})*$/.test(value)) throw new InvalidArgumentError('must be whole hours separated by commas, e.g. 48,4.');
  return value.split(',').map(Number);
};

const hoursText = (hours: readonly number[]): string => (hours.length === 0 ? 'none' : hours.map((hour) => `${hour} h`).join(', '));

const sourceText: Record<ReminderSettings['source'], string> = {
  link: "this link's own choice",
  test: "the test's choice",
  default: "the service's default",
};

/** What applies, and where it comes from (a link inherits its test's, a test the service default). */
export const reminderText = (settings: ReminderSettings, what: string): string =>
  `${what}: reminders ${hoursText(settings.effectiveHours)} before the window closes (${sourceText[settings.source]}).`;

interface ReminderOptions extends GlobalOptions {
  link?: number;
  hours?: number[];
  off?: boolean;
  inherit?: boolean;
}

/** Exactly one of --hours, --off, --inherit, as the body of the PUT. */
export const chosenHours = ({ hours, off, inherit }: ReminderOptions): number[] | null => {
  const given = [hours !== undefined, off === true, inherit === true].filter(Boolean).length;
  if (given !== 1) throw new UsageError('give one of --hours 48,4, --off or --inherit.');
  return off ? [] : inherit ? null : hours!;
};

const subject = (testId: number, link: number | undefined) => (link === undefined ? `Test ${testId}` : `Link ${link} of test ${testId}`);

export const registerReminders = (program: Command, io: CliIo): void => {
  const reminders = program.command('reminders').description("show or choose when candidates who have not started are reminded (a test's or a link's hours)");

  withJson(
    reminders
      .command('show')
      .description("the reminder hours that apply to a test's (or a link's) invitations")
      .argument('<TEST_ID>', 'the test', parseId)
      .option('--link <LINK_ID>', 'one test link of it', parseId),
  ).action(
    act(io, async (io, options: ReminderOptions, testId: number) => {
      const client = await connect(io, options.profile);
      const settings = options.link === undefined ? await client.reminders.ofTest(testId) : await client.reminders.ofLink(testId, options.link);
      emit(io, options, settings, () => reminderText(settings, subject(testId, options.link)));
    }),
  );

  withJson(
    reminders
      .command('set')
      .description("choose a test's (or a link's) reminder hours before the window closes")
      .argument('<TEST_ID>', 'the test', parseId)
      .option('--link <LINK_ID>', 'one test link of it (else the test, the default of its links)', parseId)
      .option('--hours <H,H>', 'hours before the window closes, e.g. 48,4', parseHours)
      .option('--off', 'no reminders')
      .option('--inherit', "no choice of its own: a link takes its test's, a test the service default"),
  ).action(
    act(io, async (io, options: ReminderOptions, testId: number) => {
      const body = { reminderHours: chosenHours(options) };
      const client = await connect(io, options.profile);
      const settings =
        options.link === undefined ? await client.reminders.setForTest(testId, body) : await client.reminders.setForLink(testId, options.link, body);
      emit(io, options, settings, () => reminderText(settings, subject(testId, options.link)));
    }),
  );
};
