import type { RetentionSettings, RetentionSettingsInput } from '@assay/domain/invitations';
import { type Command, InvalidArgumentError } from 'commander';
import { UsageError } from '../errors.js';
import { fields } from '../format/table.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

const KEEP = 'keep';

/**
 * A period: whole days, or `keep` (sent as null: kept until erased by hand). Bounds are the server's (400.56). `keep`
 * stays a word here because commander reads a parser's null as "no value".
 */
export const parseDays = (value: string): number | typeof KEEP => {
  if (value === KEEP) return KEEP;
  if (!/^[0-9]{1,5}$/.test(value)) throw new InvalidArgumentError('must be whole days (e.g. 365) or "keep".');
  return Number(value);
};

const sent = (value: number | typeof KEEP): number | null => (value === KEEP ? null : value);

const period = (days: number | null, after: string): string => (days === null ? `kept (no rule)` : `${days} day${days === 1 ? '' : 's'} after ${after}`);

/** The org's periods, one line each, in the words of docs/data-protection.md. */
export const retentionText = (settings: RetentionSettings): string =>
  fields([
    ['Ended invitations erased', period(settings.endedDays, 'they ended (completed, expired or cancelled)')],
    ['Snapshots and playback deleted', period(settings.mediaDays, 'the attempt ended (scores kept)')],
    ['Unstarted invitations erased', period(settings.unstartedDays, 'they were made or their window closed')],
  ]);

interface RetentionFlags extends GlobalOptions {
  endedDays?: number | typeof KEEP;
  mediaDays?: number | typeof KEEP;
  unstartedDays?: number | typeof KEEP;
}

/** The PUT body: only the periods given; at least one. */
export const retentionChange = ({ endedDays, mediaDays, unstartedDays }: RetentionFlags): RetentionSettingsInput => {
  const body: RetentionSettingsInput = {
    ...(endedDays === undefined ? {} : { endedDays: sent(endedDays) }),
    ...(mediaDays === undefined ? {} : { mediaDays: sent(mediaDays) }),
    ...(unstartedDays === undefined ? {} : { unstartedDays: sent(unstartedDays) }),
  };
  if (Object.keys(body).length === 0) throw new UsageError('give at least one of --ended-days, --media-days, --unstarted-days.');
  return body;
};

/** `assay retention show|set`: the org's retention periods (issue 51 item 2; docs/data-protection.md, "Retention"). */
export const registerRetention = (program: Command, io: CliIo): void => {
  const retention = program.command('retention').description("show or choose how long the organization keeps candidates' data");

  withJson(retention.command('show').description('when ended and unstarted invitations are erased, and media deleted')).action(
    act(io, async (io, options: GlobalOptions) => {
      const settings = await (await connect(io, options.profile)).retentionSettings.get();
      emit(io, options, settings, () => retentionText(settings));
    }),
  );

  withJson(
    retention
      .command('set')
      .description('choose the retention periods (an admin key only; periods left out stay; the worker applies them hourly, to older data too)')
      .option('--ended-days <DAYS>', 'erase an invitation DAYS after it ended, or "keep"', parseDays)
      .option('--media-days <DAYS>', 'delete snapshots and code playback DAYS after the attempt ended (at most --ended-days), or "keep"', parseDays)
      .option('--unstarted-days <DAYS>', 'erase a never-started invitation DAYS after it was made or its window closed, or "keep"', parseDays),
  ).action(
    act(io, async (io, options: RetentionFlags) => {
      const body = retentionChange(options);
      const settings = await (await connect(io, options.profile)).retentionSettings.set(body);
      emit(io, options, settings, () => `Retention is now:\n\n${retentionText(settings)}`);
    }),
  );
};
