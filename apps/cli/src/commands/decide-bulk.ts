import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import type { AssayClient } from '@assay/client';
import { type BulkDecisionAnswer, type BulkDecisionFilter, CandidateDecision, DECISION_VERBS, NO_DECISION } from '@assay/domain/invitations';
import { InvitationListIntegrity } from '@assay/domain/schemas';
import { type Command, InvalidArgumentError } from 'commander';
import type { z } from 'zod';
import { UsageError } from '../errors.js';
import { table } from '../format/table.js';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import type { GlobalOptions } from './json-option.js';
import { emit } from './output.js';
import { parseStatuses } from './invitation-list.js';

/** The body's filter as the CLI builds it: the list's words, as strings the server parses as the list does. */
type FilterInput = z.input<typeof BulkDecisionFilter>;

const FILTER_HELP =
  'comma-separated words of the invitation list: score<=N, score>=N, undecided, decision=WORD, status=WORD, tag=TAG, integrity=confirmed|unconfirmed, search=WORDS';

const scoreOf = (word: string, text: string): number => {
  if (!/^-?[0-9]+(\.[0-9]+)?$/.test(text)) throw new InvalidArgumentError(`${word}: the score must be a number such as 15 or 12.5.`);
  return Number(text);
};

const append = (list: string | undefined, word: string) => (list === undefined ? word : `${list},${word}`);

/**
 * `--filter 'score<=15,undecided'`: the list's own filter words (decision 1442). The list's score bounds are inclusive,
 * so only `<=` and `>=` are taken: `score<15` would promise a strictness the server does not apply.
 */
export const parseBulkFilter = (value: string): FilterInput => {
  const filter: FilterInput = {};
  for (const word of value.split(',').map((part) => part.trim())) {
    const bound = /^score\s*(<=|>=|<|>)\s*(.+)$/.exec(word);
    const [key, ...rest] = word.split('=');
    const text = rest.join('=').trim();
    if (bound) {
      if (bound[1] === '<' || bound[1] === '>') throw new InvalidArgumentError(`${word}: the list's score bounds include the bound; write score${bound[1]}=N.`);
      filter[bound[1] === '<=' ? 'max_score' : 'min_score'] = scoreOf(word, bound[2]!.trim());
    } else if (word === 'undecided') filter.decision = append(filter.decision, NO_DECISION);
    else if (key === 'decision' && [...CandidateDecision.options, NO_DECISION].includes(text as never)) filter.decision = append(filter.decision, text);
    else if (key === 'status') filter.status = append(filter.status, parseStatuses(text).join(','));
    else if (key === 'tag' && text !== '') filter.tag = text;
    else if (key === 'search' && text !== '') filter.q = text;
    else if (key === 'integrity' && InvitationListIntegrity.options.includes(text as never)) filter.integrity = text as InvitationListIntegrity;
    else throw new InvalidArgumentError(`${word === '' ? 'an empty word' : word}: not a filter word. ${FILTER_HELP}.`);
  }
  if (filter.min_score !== undefined && filter.max_score !== undefined && filter.min_score > filter.max_score) {
    throw new InvalidArgumentError('score>= must not be over score<=.');
  }
  return filter;
};

/** `--ids 12,15,19`. */
export const parseIds = (value: string): number[] => value.split(',').map((part) => parseId(part.trim()));

export interface BulkDecideOptions extends GlobalOptions {
  test?: number;
  filter?: FilterInput;
  ids?: number[];
  dryRun?: boolean;
  yes?: boolean;
  reason?: string;
}

/** Who is (or would be) decided, at 80 columns: id, name, what stood before, what the request does. */
export const bulkAnswerText = (answer: BulkDecisionAnswer): string => {
  const rows = answer.candidates.map((row) => [
    String(row.testInvitationId),
    (row.fullName ?? '-').slice(0, 28),
    row.before ?? NO_DECISION,
    row.outcome === 'decided' && answer.dryRun ? 'would be decided' : row.outcome,
  ]);
  const done = answer.dryRun ? 'would be decided' : 'decided';
  const summary = `${answer.decided} ${done}, ${answer.unchanged} unchanged, ${answer.notFound} not found.`;
  return rows.length === 0 ? `No candidate matches.\n${summary}` : `${table(['ID', 'NAME', 'BEFORE', 'OUTCOME'], rows)}\n\n${summary}`;
};

/** y or yes on the terminal; anything else, or an end of input, cancels (exit 2) before anything is decided. */
const confirm = async (io: CliIo, question: string): Promise<void> => {
  const lines = createInterface({ input: io.stdin, output: io.stderr, terminal: Boolean(io.stdin.isTTY) });
  const closed = new Promise<undefined>((resolve) => lines.once('close', () => resolve(undefined)));
  try {
    const answer = await Promise.race([lines.question(question), closed]);
    if (answer === undefined || !/^y(es)?$/i.test(answer.trim())) throw new UsageError('Nothing decided: not confirmed.');
  } finally {
    lines.close();
  }
};

const decide = (client: AssayClient, testId: number, body: Parameters<AssayClient['decisions']['decideInBulk']>[1]) =>
  // One key for this request: a retry after a lost answer is answered as the first, never decided twice.
  client.decisions.decideInBulk(testId, body, { idempotencyKey: randomUUID() });

/**
 * `assay decide --test TEST (--filter WORDS | --ids LIST) DECISION`: one decision for many (issue 61 item 2). A dry run
 * prints who would be decided; otherwise the count is confirmed on the terminal (or `--yes`), and then exactly the
 * candidates shown are decided (decision 1443).
 */
export const runBulkDecide = async (io: CliIo, options: BulkDecideOptions, verb: string): Promise<void> => {
  const testId = options.test;
  if (testId === undefined) throw new UsageError('--filter and --ids need --test TEST.');
  if ((options.filter === undefined) === (options.ids === undefined)) throw new UsageError('Give exactly one of --filter or --ids.');
  if (!Object.hasOwn(DECISION_VERBS, verb)) throw new UsageError(`DECISION must be one of ${Object.keys(DECISION_VERBS).join(', ')}.`);
  const interactive = Boolean(io.stdin.isTTY && io.stderr.isTTY);
  if (!options.dryRun && !options.yes && !interactive) {
    throw new UsageError('Not decided: a bulk decision asks for a confirmation on a terminal. Pass --dry-run to see who, then --yes to decide.');
  }
  const decision = DECISION_VERBS[verb] ?? null;
  const chosen = options.ids === undefined ? { filter: options.filter } : { ids: options.ids };
  const base = { decision, ...(options.reason === undefined ? {} : { reason: options.reason }) };
  const client = await connect(io, options.profile);
  if (options.dryRun || !options.yes) {
    const preview = await decide(client, testId, { ...base, ...chosen, dryRun: true });
    if (options.dryRun) return emit(io, options, preview, () => bulkAnswerText(preview));
    io.stderr.write(`${bulkAnswerText(preview)}\n`);
    const ids = preview.candidates.filter((row) => row.outcome === 'decided').map((row) => row.testInvitationId);
    if (ids.length === 0) return emit(io, options, preview, () => 'Nothing to decide.');
    await confirm(io, `Decide ${ids.length} candidate${ids.length === 1 ? '' : 's'}: ${verb}? [y/N] `);
    const answer = await decide(client, testId, { ...base, ids });
    return emit(io, options, answer, () => bulkAnswerText(answer));
  }
  const answer = await decide(client, testId, { ...base, ...chosen });
  emit(io, options, answer, () => bulkAnswerText(answer));
};

/** The options of a bulk decision, on `assay decide` (the single decision keeps its two arguments). */
export const bulkDecideOptions = (command: Command): Command =>
  command
    .option('--test <TEST_ID>', 'decide many candidates of this test at once (with --filter or --ids)', parseId)
    .option('--filter <WORDS>', FILTER_HELP, parseBulkFilter)
    .option('--ids <LIST>', 'comma-separated testInvitationIds', parseIds)
    .option('--dry-run', 'print who would be decided; decide nothing')
    .option('--yes', 'do not ask for the confirmation');

export const BULK_DECIDE_HELP = `
Many at once:
  assay decide --test 7 --filter 'score<=15,undecided' reject --reason "Below the bar" --dry-run
  assay decide --test 7 --ids 12,15,19 shortlist --yes
Without --dry-run the count is confirmed on the terminal; without a terminal pass --yes.`;
