import type { AssayClient, ListInvitationsQuery } from '@assay/client';
import {
  InvitationListIntegrity,
  InvitationListSort,
  InvitationListStatus,
  type InvitationList,
  type InvitationListRow,
  type InvitationSummary,
} from '@assay/domain/schemas';
import { type Command, InvalidArgumentError } from 'commander';
import { UsageError } from '../errors.js';
import { fields, table } from '../format/table.js';
import { parseId, parsePageNumber, parsePageSize } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

/** `--status completed,"awaiting review"`: the statuses, written in any case. */
export const parseStatuses = (value: string): InvitationListStatus[] =>
  value.split(',').map((word) => {
    const status = InvitationListStatus.options.find((option) => option.toLowerCase() === word.trim().toLowerCase());
    if (!status) throw new InvalidArgumentError(`must be a comma-separated list of ${InvitationListStatus.options.join(', ')}.`);
    return status;
  });

const parseScore = (value: string): number => {
  if (!/^-?[0-9]+(\.[0-9]+)?$/.test(value)) throw new InvalidArgumentError('must be a number such as 15 or 12.5.');
  return Number(value);
};

const oneOf =
  <T extends string>(options: readonly T[]) =>
  (value: string): T => {
    const found = options.find((option) => option === value);
    if (!found) throw new InvalidArgumentError(`must be one of ${options.join(', ')}.`);
    return found;
  };

interface ListOptions extends GlobalOptions {
  status?: InvitationListStatus[];
  minScore?: number;
  maxScore?: number;
  integrity?: InvitationListIntegrity;
  search?: string;
  sort?: InvitationListSort;
  page: number;
  pageSize: number;
  all?: boolean;
}

const scoreText = (row: InvitationListRow) =>
  row.score === null ? '-' : `${row.score}/${row.maxScore}${row.scoreStatus === 'provisional' ? ' (provisional)' : ''}`;

/**
 * The table of rows, one line each: who, where they stand, the score every surface shows, the integrity level, and what
 * the hiring team recorded (issue 61 item 3) at the end, where scripts reading the earlier columns do not see them move.
 */
export const rowsText = (rows: readonly InvitationListRow[]): string =>
  table(
    ['ID', 'NAME', 'EMAIL', 'STATUS', 'SCORE', '%', 'INTEGRITY', 'COMPLETED', 'DECISION', 'RATED', 'TAGS'],
    rows.map((row) => [
      String(row.testInvitationId),
      row.fullName,
      row.emailId,
      row.awaitingReview > 0 && row.testStatus === 'Completed' ? 'Awaiting review' : row.testStatus,
      scoreText(row),
      row.percent === null ? '-' : String(row.percent),
      row.integrity?.level ?? 'none',
      row.completedAt ?? '-',
      row.decision ?? '-',
      row.meanRating === null ? '-' : String(row.meanRating),
      row.tags.length === 0 ? '-' : row.tags.join(','),
    ]),
  );

export const pageText = (list: InvitationList, page: number, size: number): string => {
  const pages = Math.max(1, Math.ceil(list.invitationsCount / size));
  const where = `Page ${page} of ${pages} (${list.invitationsCount} invitation${list.invitationsCount === 1 ? '' : 's'} match)`;
  return list.invitations.length === 0 ? `No invitation matches.\n\n${where}` : `${rowsText(list.invitations)}\n\n${where}`;
};

const bar = (count: number, most: number) => '#'.repeat(most === 0 ? 0 : Math.round((count / most) * 30));
const numberOr = (value: number | null, suffix = '') => (value === null ? '-' : `${value}${suffix}`);

export const summaryText = (summary: InvitationSummary): string => {
  const { stages } = summary;
  const head = fields([
    ['Invitations', String(summary.invitationsCount)],
    ['Pending', String(stages.Pending)],
    ['Expired', String(stages.Expired)],
    ['In progress', String(stages['In progress'])],
    ['Completed', `${stages.Completed} (awaiting review: ${summary.awaitingReview})`],
    ['Reset', String(stages.Reset)],
    ['Cancelled', String(stages.Cancelled)],
    [
      'Completion rate',
      summary.completionRate === null ? '-' : `${summary.completionRate}% of the invitations not cancelled (expired ones count as not completed)`,
    ],
    ['Scored', String(summary.scored)],
    ['Score', `min ${numberOr(summary.score.min)}, median ${numberOr(summary.score.median)}, max ${numberOr(summary.score.max)}`],
    ['Percent', `min ${numberOr(summary.percent.min, '%')}, median ${numberOr(summary.percent.median, '%')}, max ${numberOr(summary.percent.max, '%')}`],
  ]);
  const most = Math.max(...summary.distribution.map((bucket) => bucket.count));
  const buckets = table(
    ['PERCENT', 'COUNT', ''],
    summary.distribution.map((bucket) => [`${bucket.from}-${bucket.to}`, String(bucket.count), bar(bucket.count, most)]),
  );
  return `${head}\n\n${buckets}`;
};

const queryOf = (options: ListOptions): ListInvitationsQuery => ({
  ...(options.status ? { status: options.status } : {}),
  ...(options.minScore === undefined ? {} : { min_score: options.minScore }),
  ...(options.maxScore === undefined ? {} : { max_score: options.maxScore }),
  ...(options.integrity ? { integrity: options.integrity } : {}),
  ...(options.search ? { q: options.search } : {}),
  ...(options.sort ? { sort: options.sort } : {}),
});

const allOf = async (client: AssayClient, testId: number, query: ListInvitationsQuery): Promise<InvitationList> => {
  const invitations: InvitationListRow[] = [];
  for await (const row of client.invitations.all(testId, query)) invitations.push(row);
  return { invitations, invitationsCount: invitations.length };
};

/** `assay invitations list|summary`: a test's pipeline on the command line (issue 50, decision 768). */
export const registerInvitationList = (invitations: Command, io: CliIo): void => {
  withJson(
    invitations
      .command('list')
      .description("one page of a test's invitations, filtered and sorted (e.g. --status completed --min-score 15 --integrity unconfirmed)")
      .argument('<TEST_ID>', 'the test', parseId)
      .option('--status <list>', `comma-separated: ${InvitationListStatus.options.join(', ')}`, parseStatuses)
      .option('--min-score <n>', 'only attempts with a score at least this', parseScore)
      .option('--max-score <n>', 'only attempts with a score at most this', parseScore)
      .option('--integrity <which>', 'confirmed (a reviewer confirmed evidence) or unconfirmed (none confirmed)', oneOf(InvitationListIntegrity.options))
      .option('--search <words>', 'words of the name or email, any order')
      .option('--sort <key>', `${InvitationListSort.options.join(', ')}`, oneOf(InvitationListSort.options))
      .option('--page <n>', 'page number, from 1', parsePageNumber, 1)
      .option('--page-size <n>', 'invitations per page, 1-100', parsePageSize, 20)
      .option('--all', 'every page (ignores --page and --page-size)'),
  ).action(
    act(io, async (io, options: ListOptions, testId: number) => {
      const client = await connect(io, options.profile);
      const query = queryOf(options);
      if (options.minScore !== undefined && options.maxScore !== undefined && options.minScore > options.maxScore) {
        throw new UsageError('--min-score must not be over --max-score.');
      }
      if (options.all) {
        const list = await allOf(client, testId, query);
        emit(io, options, list, () =>
          list.invitations.length === 0 ? 'No invitation matches.' : `${rowsText(list.invitations)}\n\n${list.invitationsCount} invitations`,
        );
        return;
      }
      const list = await client.invitations.list(testId, { ...query, page_no: options.page, page_size: options.pageSize });
      const pages = Math.max(1, Math.ceil(list.invitationsCount / options.pageSize));
      if (options.page > pages) {
        throw new UsageError(
          `Page ${options.page} is past the last page: ${pages} page${pages === 1 ? '' : 's'} of ${options.pageSize} (${list.invitationsCount} invitations match).`,
        );
      }
      emit(io, options, list, () => pageText(list, options.page, options.pageSize));
    }),
  );

  withJson(
    invitations
      .command('summary')
      .description("a test's pipeline: invitations per stage, completion rate, score distribution")
      .argument('<TEST_ID>', 'the test', parseId),
  ).action(
    act(io, async (io, options: GlobalOptions, testId: number) => {
      const summary = await (await connect(io, options.profile)).invitations.summary(testId);
      emit(io, options, summary, () => summaryText(summary));
    }),
  );
};
