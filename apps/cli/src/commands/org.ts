import type { CandidatePageSettings } from '@assay/domain/schemas';
import type { CandidatePageBody } from '@assay/client';
import type { Command } from 'commander';
import { fields } from '../format/table.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';
import { registerInvitationSettings } from './org-invitation-settings.js';
import { registerDecisionEmails } from './org-decision-emails.js';

const chosen = (value: string | null, otherwise: string): string => value ?? otherwise;

export const candidatePageText = (settings: CandidatePageSettings): string =>
  fields([
    ['Display name', chosen(settings.displayName, `not set (candidates see "${settings.shown.displayName}")`)],
    ['Contact name', chosen(settings.contactName, 'not set')],
    ['Contact email', chosen(settings.contactEmail, 'not set')],
    ['Contact page', chosen(settings.contactUrl, 'not set')],
  ]);

interface CandidatePageFlags {
  displayName?: string;
  contactName?: string;
  contactEmail?: string;
  contactUrl?: string;
}

export const registerOrg = (program: Command, io: CliIo): void => {
  const org = program.command('org').description('your organization: what candidate pages say about it');

  withJson(org.command('show').description('the display name and contact candidate pages show')).action(
    act(io, async (io, options: GlobalOptions) => {
      const settings = await (await connect(io, options.profile)).candidatePage.get();
      emit(io, options, settings, () => candidatePageText(settings));
    }),
  );

  withJson(
    org
      .command('set')
      .description('choose the display name and contact candidate pages show ("" clears one; options left out stay)')
      .option('--display-name <NAME>', 'shown as "Assessment from NAME" (default: the organization\'s own name)')
      .option('--contact-name <NAME>', 'whom candidates may ask (needs --contact-email or --contact-url)')
      .option('--contact-email <EMAIL>', 'the address candidates may write to')
      .option('--contact-url <URL>', 'a page candidates may open (http or https)'),
  ).action(
    act(io, async (io, options: GlobalOptions & CandidatePageFlags) => {
      const body: CandidatePageBody = {
        ...(options.displayName === undefined ? {} : { displayName: options.displayName }),
        ...(options.contactName === undefined ? {} : { contactName: options.contactName }),
        ...(options.contactEmail === undefined ? {} : { contactEmail: options.contactEmail }),
        ...(options.contactUrl === undefined ? {} : { contactUrl: options.contactUrl }),
      };
      const settings = await (await connect(io, options.profile)).candidatePage.update(body);
      emit(io, options, settings, () => `Candidate pages now say:\n\n${candidatePageText(settings)}`);
    }),
  );

  registerInvitationSettings(org, io);
  registerDecisionEmails(org, io);
};
