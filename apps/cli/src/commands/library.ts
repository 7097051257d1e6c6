import type { LibraryItemDetails, LibraryList, ReadyTestSummary } from '@assay/domain/library';
import type { z } from 'zod';
import { LibraryItemType, LibraryLevel } from '@assay/domain/library';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { UsageError } from '../errors.js';
import { fields, table } from '../format/table.js';
import { parseId, parsePageNumber, parsePageSize } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';
import { importedText, versionText } from './imported-text.js';

/** The library's items for people: id, type, level, skills, languages, licence, title. */
export const libraryListText = (list: LibraryList, page: number, size: number): string => {
  if (list.items.length === 0) return `No library items match (${list.itemsCount} in all). Skills: ${list.skills.join(', ')}.`;
  const rows = list.items.map((item) => [
    item.id,
    item.type,
    item.level,
    item.skills.join(', '),
    item.licence.spdx + (item.licence.shareAlike ? ' (share alike)' : ''),
    item.title,
  ]);
  return `${table(['ID', 'TYPE', 'LEVEL', 'SKILLS', 'LICENCE', 'QUESTION'], rows)}\n\nPage ${page} of ${Math.max(1, Math.ceil(list.itemsCount / size))} (${list.itemsCount} items)`;
};

export const libraryItemText = (item: LibraryItemDetails): string =>
  [
    fields([
      ['Item', `${item.id} (version ${item.version})`],
      ['Type', `${item.type}, ${item.marks} mark${item.marks === 1 ? '' : 's'}`],
      ['Level', item.level],
      ['Skills', item.skills.join(', ')],
      ...(item.languages.length ? ([['Languages', item.languages.join(', ')]] as [string, string][]) : []),
      ['Licence', `${item.licence.spdx}${item.licence.shareAlike ? ', share alike' : ''}`],
      ['Source', item.source.url === null ? item.source.name : `${item.source.name} (${item.source.url})`],
      ['Attribution', item.attribution],
    ]),
    String(item.question.text),
    ...(Array.isArray(item.question.options)
      ? [
          (item.question.options as { text: string; correct?: boolean }[])
            .map((option, index) => `${option.correct ? '*' : ' '} ${index + 1}. ${option.text}`)
            .join('\n'),
        ]
      : []),
    `Explanation: ${item.explanation}`,
  ].join('\n\n');

export const readyTestsText = (tests: readonly ReadyTestSummary[]): string =>
  tests.length === 0
    ? 'No ready tests.'
    : table(
        ['ID', 'ROLE', 'LEVEL', 'QUESTIONS', 'DURATION', 'SKILLS'],
        tests.map((test) => [test.id, test.role, test.level, String(test.questions), `${test.duration} min`, test.skills.join(', ')]),
      );

const choice =
  <T extends string>(values: readonly T[]) =>
  (value: string): T => {
    if (!values.includes(value as T)) throw new InvalidArgumentError(`must be one of ${values.join(', ')}.`);
    return value as T;
  };

export const registerLibrary = (program: Command, io: CliIo): void => {
  const library = program.command('library').description('the open library: items and ready tests with their licences (docs/library.md)');

  withJson(library.command('list').description('items, filtered; --tests lists the ready tests instead'))
    .option('--skill <skill>', 'a skill (any case), e.g. SQL')
    .addOption(new Option('--type <type>', 'a question type').argParser(choice(LibraryItemType.options)))
    .option('--language <language>', 'coding items answerable in this language, e.g. java')
    .addOption(new Option('--level <level>', 'junior, mid or senior').argParser(choice(LibraryLevel.options)))
    .option('--tests', 'the ready tests for real roles')
    .option('--page <n>', 'page number, from 1', parsePageNumber, 1)
    .option('--size <n>', 'items per page, 1-100', parsePageSize, 20)
    .action(
      act(
        io,
        async (
          io,
          options: GlobalOptions & {
            skill?: string;
            type?: z.infer<typeof LibraryItemType>;
            language?: string;
            level?: z.infer<typeof LibraryLevel>;
            tests?: boolean;
            page: number;
            size: number;
          },
        ) => {
          const client = await connect(io, options.profile);
          if (options.tests) {
            const tests = await client.library.readyTests();
            emit(io, options, tests, () => readyTestsText(tests));
            return;
          }
          const { skill, type, language, level } = options;
          const list = await client.library.list({
            ...(skill ? { skill } : {}),
            ...(type ? { type } : {}),
            ...(language ? { language: language as never } : {}),
            ...(level ? { level } : {}),
            page_no: options.page,
            page_size: options.size,
          });
          emit(io, options, list, () => libraryListText(list, options.page, options.size));
        },
      ),
    );

  withJson(library.command('show').description('one item whole: its question, options and explanation').argument('<ITEM_ID>', 'the item')).action(
    act(io, async (io, options: GlobalOptions, itemId: string) => {
      const item = await (await connect(io, options.profile)).library.item(itemId);
      emit(io, options, item, () => libraryItemText(item));
    }),
  );

  withJson(
    library
      .command('import')
      .description('a new test from a ready test (its id) or from chosen items (--items); with --test, added to that test as its next version')
      .argument('[READY_TEST]', 'a ready test id (assay library list --tests)')
      .option('--items <ids>', 'item ids, comma-separated, in the order the test asks them')
      .option('--name <name>', "the new test's name (needed with --items)")
      .option('--test <TEST_ID>', 'add to this test instead, as its next version (attempts already started keep theirs)', parseId),
  ).action(
    act(io, async (io, options: GlobalOptions & { items?: string; name?: string; test?: number }, readyTest: string | undefined) => {
      if ((readyTest === undefined) === (options.items === undefined)) throw new UsageError('Name a ready test or give --items, one of them.');
      const items = options.items?.split(',').map((id) => id.trim());
      if (options.test !== undefined) {
        if (options.name) throw new UsageError('--name names a new test: with --test the test keeps its name.');
        const client = await connect(io, options.profile);
        const made = await client.library.addToTest(options.test, readyTest !== undefined ? { readyTest } : { items: items! });
        emit(io, options, made, () => versionText(made));
        return;
      }
      if (items !== undefined && !options.name) throw new UsageError('--items needs --name: the new test needs a name.');
      const client = await connect(io, options.profile);
      const test = await client.library.import(
        readyTest !== undefined ? { readyTest, ...(options.name ? { testName: options.name } : {}) } : { items: items!, testName: options.name! },
      );
      emit(io, options, test, () => importedText(test));
    }),
  );
};
