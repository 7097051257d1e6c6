import type { AiCheck } from '@assay/domain/ai';
import { aiCheckSolved } from '@assay/domain/ai';
import type { Command } from 'commander';
import { fields, table } from '../format/table.js';
import { parseId } from './arguments.js';
import { isInteractive, type CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

/** How often a followed check is read again: a check takes seconds a question, so this costs the server little. */
export const AI_CHECK_POLL_MS = 1_000;

/** The check as a table: each question's version and what the model did with it; `*` marks one it solved. */
export const aiCheckText = (check: AiCheck): string => {
  const head = fields([
    ['Check', `${check.checkId} of test ${check.testId}, ${check.state}`],
    ['Model', check.model],
    ['Started', check.startedAt],
    ['Finished', check.finishedAt ?? '(running)'],
    ['Questions', `${check.questionsChecked} of ${check.questionsTotal} checked`],
    ...(check.problem === null ? [] : ([['Problem', check.problem]] as [string, string][])),
  ]);
  const rows = check.questions.map((question) => [
    aiCheckSolved(question) ? '*' : '',
    String(question.questionId),
    question.type,
    question.version,
    question.summary,
  ]);
  const legend = check.questions.some(aiCheckSolved) ? '\n\n* the model solved it at least once: a candidate could too, with a model beside them.' : '';
  return `${head}\n\n${table(['', 'QUESTION', 'TYPE', 'VERSION', 'RESULT'], rows)}${legend}`;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `assay tests ai-check TEST` (issue 60 item 7): starts a check of which questions the configured model solves, follows
 * it (a line a question on an interactive terminal) and prints the table; `--show` only reads the latest.
 */
export const registerAiCheck = (tests: Command, io: CliIo): void => {
  withJson(
    tests
      .command('ai-check')
      .description('check which questions the configured model solves (docs/ai.md), and print the results')
      .argument('<TEST_ID>', 'the test', parseId)
      .option('--show', 'only show the latest check, start none'),
  ).action(
    act(io, async (io, options: GlobalOptions & { show?: boolean }, testId: number) => {
      const client = await connect(io, options.profile);
      let check = options.show ? await client.tests.aiCheck.get(testId) : await client.tests.aiCheck.start(testId);
      const tell = !options.json && isInteractive(io);
      let told = 0;
      while (check.state === 'running' && !options.show) {
        await sleep(AI_CHECK_POLL_MS);
        check = await client.tests.aiCheck.get(testId);
        if (tell)
          for (; told < check.questions.length; told += 1)
            io.stderr.write(`question ${check.questions[told]!.questionId}: ${check.questions[told]!.summary}\n`);
      }
      emit(io, options, check, () => aiCheckText(check));
    }),
  );
};
