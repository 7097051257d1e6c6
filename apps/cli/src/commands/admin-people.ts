import type { Person } from '@assay/domain/schemas';
import { keyRoles } from '@assay/domain/core';
import { type Command, Option } from 'commander';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

/** `--role`, checked before any request. */
export const roleOption = (description: string): Option => new Option('--role <ROLE>', description).choices([...keyRoles]);

/** One line a person: id, name (or that the key's label names them), role, email, keys, and whether deactivated. */
export const personLine = (person: Person): string =>
  [
    `${person.personId}`,
    person.name ?? '(unnamed: named by its key label)',
    person.role,
    person.email ?? '-',
    `keys ${person.keyIds.join(',') || '-'}`,
    person.deactivatedAt ? `deactivated ${person.deactivatedAt}` : 'active',
  ].join('\t');

/** `assay admin people add|list|update|remove` (issue 50): who holds an organization's keys. */
export const registerAdminPeople = (admin: Command, io: CliIo): void => {
  const people = admin.command('people').description('people of an organization: who holds its API keys, named in histories and reviews');
  const adminClient = async (options: GlobalOptions) => (await connect(io, options.profile, 'adminToken')).admin.people;

  withJson(
    people
      .command('add')
      .description('add a person; issue them a key with `assay admin keys add ORG_ID --person ID`')
      .argument('<ORG_ID>', 'the organization', parseId)
      .requiredOption('--name <NAME>', 'their name, as histories and reviews show it')
      .option('--email <EMAIL>', 'their address')
      .addOption(roleOption('what their keys may do (default admin)')),
  ).action(
    act(io, async (io, options: GlobalOptions & { name: string; email?: string; role?: Person['role'] }, orgId: number) => {
      const person = await (await adminClient(options)).add(orgId, {
        name: options.name,
        ...(options.email ? { email: options.email } : {}),
        ...(options.role ? { role: options.role } : {}),
      });
      emit(io, options, person, () => `Added person ${person.personId} (${person.role}) to organization ${orgId}.`);
    }),
  );

  withJson(people.command('list').description("an organization's people and their keys' ids").argument('<ORG_ID>', 'the organization', parseId)).action(
    act(io, async (io, options: GlobalOptions, orgId: number) => {
      const list = await (await adminClient(options)).list(orgId);
      emit(io, options, list, () => (list.people.length === 0 ? 'No people.' : list.people.map(personLine).join('\n')));
    }),
  );

  withJson(
    people
      .command('update')
      .description("change a person's name, email or role (a new role applies to each of their active keys)")
      .argument('<ORG_ID>', 'the organization', parseId)
      .argument('<PERSON_ID>', 'the person', parseId)
      .option('--name <NAME>', 'their name')
      .option('--email <EMAIL>', 'their address')
      .addOption(roleOption('what their keys may do')),
  ).action(
    act(io, async (io, options: GlobalOptions & { name?: string; email?: string; role?: Person['role'] }, orgId: number, personId: number) => {
      const change = {
        ...(options.name ? { name: options.name } : {}),
        ...(options.email ? { email: options.email } : {}),
        ...(options.role ? { role: options.role } : {}),
      };
      const person = await (await adminClient(options)).update(orgId, personId, change);
      emit(io, options, person, () => `Updated person ${person.personId}: ${personLine(person)}`);
    }),
  );

  withJson(
    people
      .command('remove')
      .description('deactivate a person: every key of theirs is revoked; histories still name them')
      .argument('<ORG_ID>', 'the organization', parseId)
      .argument('<PERSON_ID>', 'the person', parseId),
  ).action(
    act(io, async (io, options: GlobalOptions, orgId: number, personId: number) => {
      const person = await (await adminClient(options)).deactivate(orgId, personId);
      emit(io, options, person, () => `Deactivated person ${person.personId}; keys ${person.keyIds.join(', ') || 'none'} revoked.`);
    }),
  );
};
