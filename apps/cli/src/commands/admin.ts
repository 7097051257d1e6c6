import type { Command } from 'commander';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

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
};
