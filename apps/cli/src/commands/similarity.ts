import type { AssayClient } from '@assay/client';
import type { SimilarityPage, SimilarityPairEntry } from '@assay/domain/report';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { table } from '../format/table.js';
import { parseId, parsePageNumber, parsePageSize } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

interface SimilarityOptions extends GlobalOptions {
  page: number;
  pageSize: number;
  question?: number;
  all?: boolean;
}

/** One line per pair: the id a review names, the question, the score, the other side and the outcome that counts. */
export const pairsText = (pairs: readonly SimilarityPairEntry[]): string =>
  table(
    ['PAIR', 'QUESTION', 'SCORE', 'OTHER INVITATION', 'OTHER CANDIDATE', 'REVIEW'],
    pairs.map((pair) => [
      String(pair.pairId),
      pair.questionNumber === null ? `#${pair.questionId}` : `Q${pair.questionNumber}`,
      pair.score.toFixed(2),
      String(pair.otherTestInvitationId),
      pair.otherCandidateName,
      pair.review ? `${pair.review.outcome} by ${pair.review.by}` : 'not reviewed',
    ]),
  );

const plural = (count: number) => `${count} pair${count === 1 ? '' : 's'}`;

export const similarityPageText = (page: SimilarityPage, pageNo: number, size: number): string => {
  const pages = Math.max(1, Math.ceil(page.pairsCount / size));
  const where = `Page ${pageNo} of ${pages} (${plural(page.pairsCount)})`;
  return page.pairs.length === 0 ? `No similar answers at or above 0.5.\n\n${where}` : `${pairsText(page.pairs)}\n\n${where}`;
};

const allOf = async (client: AssayClient, testInvitationId: number, questionId: number | undefined): Promise<SimilarityPage> => {
  const pairs: SimilarityPairEntry[] = [];
  for await (const pair of client.reports.similarityAll(testInvitationId, questionId === undefined ? {} : { questionId })) pairs.push(pair);
  return { pairs, pairsCount: pairs.length };
};

/**
 * `assay similarity ID`: every similarity pair of an attempt (issue 50 item 6, decision 822), the report's unlisted ones
 * too; review one with its pair id as `similarity-<pairId>`. A page past the last is a usage error (exit 2).
 */
export const registerSimilarity = (program: Command, io: CliIo): void => {
  withJson(
    program
      .command('similarity')
      .description('every similar answer of an attempt: pair, question, score, the other candidate, review (the report lists the 5 closest per question)')
      .argument('<INVITATION_ID>', 'the test invitation', parseId)
      .option('--question <id>', "only this question's pairs (its questionId)", parseId)
      .option('--page <n>', 'page number, from 1', parsePageNumber, 1)
      .option('--page-size <n>', 'pairs per page, 1-100', parsePageSize, 20)
      .option('--all', 'every page (ignores --page and --page-size)'),
  ).action(
    act(io, async (io, options: SimilarityOptions, testInvitationId: number) => {
      const client = await connect(io, options.profile);
      if (options.all) {
        const all = await allOf(client, testInvitationId, options.question);
        emit(io, options, all, () => (all.pairs.length === 0 ? 'No similar answers at or above 0.5.' : `${pairsText(all.pairs)}\n\n${plural(all.pairsCount)}`));
        return;
      }
      const query = { page_no: options.page, page_size: options.pageSize, ...(options.question === undefined ? {} : { questionId: options.question }) };
      const page = await client.reports.similarity(testInvitationId, query);
      const pages = Math.max(1, Math.ceil(page.pairsCount / options.pageSize));
      if (options.page > pages) {
        throw new UsageError(
          `Page ${options.page} is past the last page: ${pages} page${pages === 1 ? '' : 's'} of ${options.pageSize} (${plural(page.pairsCount)}).`,
        );
      }
      emit(io, options, page, () => similarityPageText(page, options.page, options.pageSize));
    }),
  );
};
