import { createInterface } from 'node:readline/promises';
import { randomUUID } from 'node:crypto';
import type { AssayClient } from '@assay/client';
import { type BulkDecisionAnswer, DECISION_VERBS, type DecisionEmailMessage, decisionEmailKindOf } from '@assay/domain/invitations';
import { type Command, InvalidArgumentError } from 'commander';
import { UsageError } from '../errors.js';
import { fields, table } from '../format/table.js';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { evaluationText, parseVerb } from './decisions.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

type DecideOptions = GlobalOptions & {
  reason?: string;
  notify?: boolean;
  preview?: boolean;
  test?: number;
  filter?: Record<string, string | number>;
  ids?: number[];
  dryRun?: boolean;
  yes?: boolean;
};

/** `--filter 'max_score=20&decision=none'`: the invitation list's own query words; the scores as numbers. */
export const parseFilter = (value: string): Record<string, string | number> => {
  const filter: Record<string, string | number> = {};
  for (const [name, word] of new URLSearchParams(value.replaceAll(',', '&'))) {
    if (name === 'min_score' || name === 'max_score') {
      if (!/^-?[0-9]+(\.[0-9]+)?$/.test(word)) throw new InvalidArgumentError(`${name} must be a number such as 15 or 12.5.`);
      filter[name] = Number(word);
    } else filter[name] = word;
  }
  if (Object.keys(filter).length === 0) throw new InvalidArgumentError('must name at least one of status, min_score, max_score, q, integrity, decision, tag.');
  return filter;
};

const parseIds = (value: string): number[] => value.split(',').map((id) => parseId(id.trim()));

/** The email a decision would send, as text: who, Reply-To, subject and body. */
export const emailText = (email: DecisionEmailMessage): string =>
  `${fields([
    ['To', email.to],
    ['Reply-To', email.replyTo ?? '(none: the From address)'],
    ['Subject', email.subject],
  ])}\n\n${email.text}`;

/** Who a bulk decision decided (or would), one row each, and the counts. */
export const bulkText = (answer: BulkDecisionAnswer, verb: string): string => {
  const rows = table(
    ['ID', 'NAME', 'EMAIL', 'BEFORE', 'OUTCOME'],
    answer.candidates.map((row) => [String(row.testInvitationId), row.fullName ?? '-', row.emailId ?? '-', row.before ?? '-', row.outcome]),
  );
  const done = answer.dryRun ? `Would ${verb}` : `Decided (${verb})`;
  return `${rows}\n\n${done}: ${answer.decided} · unchanged ${answer.unchanged} · not found ${answer.notFound}${answer.dryRun ? ' (dry run: nothing written)' : ''}`;
};

/** Asks on the terminal or reads standard input's first line: only "y" or "yes" goes on. */
const confirmed = async (io: CliIo, question: string): Promise<boolean> => {
  const lines = createInterface({ input: io.stdin, output: io.stderr, terminal: Boolean(io.stdin.isTTY) });
  const closed = new Promise<undefined>((resolve) => lines.once('close', () => resolve(undefined)));
  try {
    const answer = await Promise.race([lines.question(question), closed]);
    return answer !== undefined && ['y', 'yes'].includes(answer.trim().toLowerCase());
  } finally {
    lines.close();
  }
};

const decideMany = async (io: CliIo, client: AssayClient, options: DecideOptions, verb: string) => {
  const chosen = options.filter ? { filter: options.filter } : { ids: options.ids ?? [] };
  const body = {
    decision: DECISION_VERBS[verb] ?? null,
    ...(options.reason === undefined ? {} : { reason: options.reason }),
    ...(options.notify ? { notify: true } : {}),
    ...chosen,
  };
  const testId = options.test!;
  const plan = await client.decisions.decideInBulk(testId, { ...body, dryRun: true });
  if (options.dryRun || plan.decided === 0) return emit(io, options, plan, () => bulkText(plan, verb));
  if (!options.yes) {
    io.stderr.write(`${bulkText(plan, verb)}\n`);
    const emails = options.notify ? ', each emailed after the undo window' : '';
    if (!(await confirmed(io, `Decide ${plan.decided} candidate${plan.decided === 1 ? '' : 's'} (${verb})${emails}? [y/N] `))) {
      throw new UsageError('Nothing decided: not confirmed (answer y, or pass --yes).');
    }
  }
  // One key for the request: a retry of this same call decides nobody twice.
  const answer = await client.decisions.decideInBulk(testId, body, { idempotencyKey: randomUUID() });
  emit(io, options, answer, () => bulkText(answer, verb));
};

/**
 * `assay decide ID DECISION` (issue 50) — `--notify` emails the candidate after the undo window, `--preview` shows that
 * email and decides nothing (issue 61 item 1) — and `assay decide --test TEST --filter …|--ids … DECISION`, many at
 * once after a dry run and a confirmation (issue 61 item 2, decision 1455).
 */
export const registerDecide = (program: Command, io: CliIo): void => {
  withJson(
    program
      .command('decide')
      .description('record a decision: shortlist, advance, reject, hold, or none to clear it; one invitation, or many of a test with --test')
      .argument('<ID_OR_DECISION>', 'the testInvitationId; with --test, the decision')
      .argument('[DECISION]', 'shortlist | advance | reject | hold | none')
      .option('--reason <TEXT>', 'why (kept in the history)')
      .option('--notify', "email the candidate the org's template after the undo window (10 min by default)")
      .option('--preview', 'show the email the decision would send, decide nothing')
      .option('--test <TEST>', 'decide many invitations of this test (with --filter or --ids)', parseId)
      .option('--filter <WORDS>', "the invitation list's filter, e.g. 'max_score=20&decision=none'", parseFilter)
      .option('--ids <IDS>', 'comma-separated testInvitationIds', parseIds)
      .option('--dry-run', 'with --test: show who would be decided, write nothing')
      .option('--yes', 'with --test: do not ask for the confirmation'),
  ).action(
    act(io, async (io, options: DecideOptions, first: string, second: string | undefined) => {
      const many = options.test !== undefined;
      if (many && second !== undefined) throw new UsageError('With --test, give only the decision: assay decide --test TEST --filter … reject.');
      if (!many && (options.filter || options.ids || options.dryRun)) throw new UsageError('--filter, --ids and --dry-run go with --test TEST.');
      if (many && Boolean(options.filter) === Boolean(options.ids)) throw new UsageError('With --test, give exactly one of --filter or --ids.');
      if (!many && second === undefined) throw new UsageError('Give the invitation and the decision: assay decide ID reject.');
      const verb = parseVerb(many ? first : second!);
      const client = await connect(io, options.profile);
      if (many) return decideMany(io, client, options, verb);
      const id = parseId(first);
      const decision = DECISION_VERBS[verb] ?? null;
      if (options.preview) {
        const email = decisionEmailKindOf(decision);
        if (!email) throw new UsageError(`A decision of ${verb} sends no email: only reject, advance and shortlist do.`);
        const message = await client.decisions.previewEmail(id, email);
        return emit(io, options, message, () => emailText(message));
      }
      const evaluation = await client.decisions.decide(id, {
        decision,
        ...(options.reason === undefined ? {} : { reason: options.reason }),
        ...(options.notify ? { notify: true } : {}),
      });
      const queued = options.notify && decisionEmailKindOf(decision) ? '\nEmail queued: sent after the undo window unless the decision changes first.' : '';
      emit(io, options, evaluation, () => `${evaluationText(evaluation)}${queued}`);
    }),
  );
};
