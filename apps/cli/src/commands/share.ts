import type { ReportShare } from '@assay/domain/report';
import { SHARE_DAYS } from '@assay/domain/report';
import { type Command, InvalidArgumentError } from 'commander';
import { UsageError } from '../errors.js';
import { table } from '../format/table.js';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

/** `--days`: a whole number 1–90, checked here so a typo costs no request (the server says 400.127 anyway). */
export const parseShareDays = (value: string): number => {
  const days = /^[0-9]{1,3}$/.test(value) ? Number(value) : Number.NaN;
  if (!(days >= SHARE_DAYS.min && days <= SHARE_DAYS.max))
    throw new InvalidArgumentError(`must be a whole number of days from ${SHARE_DAYS.min} to ${SHARE_DAYS.max}.`);
  return days;
};

const when = (iso: string | null): string => (iso === null ? '—' : iso.slice(0, 19).replace('T', ' '));

/** The org's shares for people: id, invitation, status, opens, when made, until, last opened. */
export const sharesText = (shares: readonly ReportShare[]): string =>
  shares.length === 0
    ? 'No report shares.'
    : table(
        ['SHARE', 'INVITATION', 'STATUS', 'OPENS', 'CREATED (UTC)', 'EXPIRES (UTC)', 'LAST OPENED (UTC)'],
        shares.map((share) => [
          String(share.shareId),
          String(share.testInvitationId),
          share.status,
          String(share.opens),
          when(share.createdAt),
          when(share.expiresAt),
          when(share.lastOpenedAt),
        ]),
      );

const USAGE = 'Usage: assay share INVITATION [--days N] | assay share list | assay share revoke SHAREID';

/**
 * `assay share INVITATION --days N` makes a link to the invitation's report a manager without a key opens (issue 61
 * item 4), printing its URL — shown only now — and its expiry; `assay share list` the org's shares; `assay share
 * revoke SHAREID` ends one. One command with a first word rather than subcommands: `share 42` reads as the issue wrote it.
 */
export const registerShare = (program: Command, io: CliIo): void => {
  withJson(
    program
      .command('share')
      .description(
        `share a report by a link that needs no key (HTML page and PDF, ${SHARE_DAYS.default} days by default); \`share list\`; \`share revoke SHAREID\``,
      )
      .argument('<INVITATION|list|revoke>', 'a testInvitationId to share, `list`, or `revoke`')
      .argument('[SHAREID]', 'with `revoke`: the share to end')
      .option('--days <N>', `how long the link opens (${SHARE_DAYS.min}–${SHARE_DAYS.max}; default ${SHARE_DAYS.default})`, parseShareDays),
  ).action(
    act(io, async (io, options: GlobalOptions & { days?: number }, what: string, shareId?: string) => {
      if (what === 'list') {
        if (shareId !== undefined) throw new UsageError(USAGE);
        const shares = await (await connect(io, options.profile)).shares.list();
        return emit(io, options, shares, () => sharesText(shares));
      }
      if (what === 'revoke') {
        if (shareId === undefined || !/^[1-9][0-9]{0,14}$/.test(shareId)) throw new UsageError(USAGE);
        const revoked = await (await connect(io, options.profile)).shares.revoke(Number(shareId));
        return emit(io, options, revoked, () => `Share ${revoked.shareId} revoked: its link opens nothing from now on.`);
      }
      if (shareId !== undefined || !/^[1-9][0-9]{0,14}$/.test(what)) throw new UsageError(USAGE);
      const made = await (await connect(io, options.profile)).shares.create(parseId(what), options.days);
      return emit(io, options, made, () => `${made.url}\nOpens until ${when(made.expiresAt)} UTC (share ${made.shareId}; the URL is not shown again).`);
    }),
  );
};
