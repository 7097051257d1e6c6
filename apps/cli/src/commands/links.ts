import type { TestLink } from '@assay/domain/schemas';
import type { Command } from 'commander';
import { fields, table } from '../format/table.js';
import { accessModeName, accessText, linkStateText, publicLinkUrl, yesNo } from '../format/link-text.js';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect, loadSettings } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { linkBodyOf, withLinkFlags, type LinkFlags } from './link-flags.js';
import { emit } from './output.js';

export const linkText = (link: TestLink, baseUrl: string): string =>
  fields([
    ['Link', `${link.testLinkName} (#${link.testLinkId} of test ${link.testId})`],
    ['Status', linkStateText(link)],
    ['Access', `${accessModeName(link.accessTime)}: ${accessText(link)}`],
    ['Invite only', yesNo(link.inviteCandidateOnly)],
    ['Proctoring', yesNo(link.imageProctoring)],
    ['Stakeholder', link.emailToStakeholder ?? 'nobody'],
    ['Public page', publicLinkUrl(baseUrl, link)],
  ]);

/** One row a link: its access window in its own zone and the public page candidates open (it holds the access key). */
export const linksText = (links: TestLink[], baseUrl: string): string =>
  links.length === 0
    ? 'No links yet: `assay links create TEST_ID --name NAME --access-time 0`.'
    : table(
        ['ID', 'NAME', 'STATUS', 'ACCESS', 'PUBLIC URL'],
        links.map((link) => [
          String(link.testLinkId),
          link.testLinkName,
          linkStateText(link),
          `${accessModeName(link.accessTime)}: ${accessText(link)}`,
          publicLinkUrl(baseUrl, link),
        ]),
      );

export const registerLinks = (program: Command, io: CliIo): void => {
  const links = program.command('links').description('test links: list, show, create, update');

  withJson(links.command('list').description('the links of a test (4.6)').argument('<TEST_ID>', 'the test', parseId)).action(
    act(io, async (io, options: GlobalOptions, testId: number) => {
      const settings = await loadSettings(io, options.profile);
      const testLinks = await (await connect(io, options.profile)).testLinks.list(testId);
      emit(io, options, { testLinks }, () => linksText(testLinks, settings.url!));
    }),
  );

  withJson(links.command('show').description('one link (4.5)').argument('<TEST_ID>', 'the test', parseId).argument('<LINK_ID>', 'the link', parseId)).action(
    act(io, async (io, options: GlobalOptions, testId: number, linkId: number) => {
      const settings = await loadSettings(io, options.profile);
      const link = await (await connect(io, options.profile)).testLinks.get(testId, linkId);
      emit(io, options, link, () => linkText(link, settings.url!));
    }),
  );

  withJson(withLinkFlags(links.command('create').description('create a link (4.3)').argument('<TEST_ID>', 'the test', parseId), 'create')).action(
    act(io, async (io, options: GlobalOptions & LinkFlags, testId: number) => {
      const body = linkBodyOf(options);
      const settings = await loadSettings(io, options.profile);
      const link = await (await connect(io, options.profile)).testLinks.create(testId, body);
      emit(io, options, link, () => `Created link ${link.testLinkId}.\n\n${linkText(link, settings.url!)}`);
    }),
  );

  withJson(
    withLinkFlags(
      links
        .command('update')
        .description('update a link (4.4); flags left out keep their stored values')
        .argument('<TEST_ID>', 'the test', parseId)
        .argument('<LINK_ID>', 'the link', parseId),
      'update',
    ),
  ).action(
    act(io, async (io, options: GlobalOptions & LinkFlags, testId: number, linkId: number) => {
      const settings = await loadSettings(io, options.profile);
      const client = await connect(io, options.profile);
      const needsCurrent = options.name === undefined || options.accessTime === undefined || (options.start === undefined) !== (options.end === undefined);
      const current = needsCurrent ? await client.testLinks.get(testId, linkId) : undefined;
      const link = await client.testLinks.update(testId, linkId, linkBodyOf(options, current));
      emit(io, options, link, () => `Updated link ${link.testLinkId}.\n\n${linkText(link, settings.url!)}`);
    }),
  );
};
