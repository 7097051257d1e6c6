import type { Command } from 'commander';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';
import { registerAdminPeople, roleOption } from './admin-people.js';
import type { KeyRole } from '@assay/domain/core';

export const registerAdmin = (program: Command, io: CliIo): void => {
  const admin = program.command('admin').description('operator commands (need ASSAY_ADMIN_TOKEN)');
  const orgs = admin.command('orgs').description('organizations');
  const keys = admin.command('keys').description('API keys of an organization');

  withJson(orgs.command('create').description('create an organization and its first API key (shown once)'))
    .requiredOption('--name <N>', "the organization's name")
    .requiredOption('--email <E>', 'its contact address (the default stakeholder)')
    .action(
      act(io, async (io, options: GlobalOptions & { name: string; email: string }) => {
        const org = await (await connect(io, options.profile, 'adminToken')).admin.orgs.create({ name: options.name, email: options.email });
        emit(io, options, org, () => `Created organization ${org.orgId}.\nAPI key (shown only now): ${org.apiKey}`);
      }),
    );

  withJson(
    keys.command('rotate').description('a new API key; every other key of the organization is revoked').argument('<ORG_ID>', 'the organization', parseId),
  ).action(
    act(io, async (io, options: GlobalOptions, orgId: number) => {
      const key = await (await connect(io, options.profile, 'adminToken')).admin.keys.rotate(orgId);
      emit(io, options, key, () => `New API key ${key.keyId} for organization ${key.orgId} (shown only now): ${key.apiKey}`);
    }),
  );

  withJson(
    keys
      .command('add')
      .description('issue one more API key (shown once); the other keys keep working')
      .argument('<ORG_ID>', 'the organization', parseId)
      .option('--person <PERSON_ID>', 'the person it is for (`assay admin people list`); without, a new unnamed person', parseId)
      .addOption(roleOption("what it may do (default: its person's role, else admin)"))
      .option('--label <LABEL>', 'what names it where its person has no name (default its prefix)'),
  ).action(
    act(io, async (io, options: GlobalOptions & { person?: number; role?: KeyRole; label?: string }, orgId: number) => {
      const body = {
        ...(options.person ? { personId: options.person } : {}),
        ...(options.role ? { role: options.role } : {}),
        ...(options.label ? { label: options.label } : {}),
      };
      const key = await (await connect(io, options.profile, 'adminToken')).admin.keys.create(orgId, body);
      emit(
        io,
        options,
        key,
        () => `New ${key.role} API key ${key.keyId} for person ${key.personId} of organization ${key.orgId} (shown only now): ${key.apiKey}`,
      );
    }),
  );

  withJson(keys.command('list').description("an organization's API keys, revoked ones too").argument('<ORG_ID>', 'the organization', parseId)).action(
    act(io, async (io, options: GlobalOptions, orgId: number) => {
      const list = await (await connect(io, options.profile, 'adminToken')).admin.keys.list(orgId);
      const line = (key: (typeof list.keys)[number]) =>
        [`${key.keyId}`, key.prefix, key.role, key.label, `person ${key.personId}`, key.revokedAt ? `revoked ${key.revokedAt}` : 'active'].join('\t');
      emit(io, options, list, () => (list.keys.length === 0 ? 'No keys.' : list.keys.map(line).join('\n')));
    }),
  );

  withJson(
    keys
      .command('revoke')
      .description('revoke one API key (rotate revokes all others)')
      .argument('<ORG_ID>', 'the organization', parseId)
      .argument('<KEY_ID>', 'the key', parseId),
  ).action(
    act(io, async (io, options: GlobalOptions, orgId: number, keyId: number) => {
      const revoked = await (await connect(io, options.profile, 'adminToken')).admin.keys.revoke(orgId, keyId);
      emit(io, options, revoked, () => `Revoked API key ${revoked.keyId} of organization ${revoked.orgId} at ${revoked.revokedAt}.`);
    }),
  );

  registerAdminPeople(admin, io);
};
