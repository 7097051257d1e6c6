import { Command } from 'commander';
import { ExitCode } from '../errors.js';
import { terminalText } from '../format/terminal-text.js';
import { CLI_VERSION } from '../version.js';
import { registerAdmin } from './admin.js';
import type { CliIo } from './cli-io.js';
import { registerDecide } from './decide.js';
import { registerDecisions } from './decisions.js';
import { registerErase } from './erase.js';
import { registerEvents } from './events.js';
import { registerExportPerson } from './export-person.js';
import { registerHistory } from './history.js';
import { registerCompare } from './compare.js';
import { registerLibrary } from './library.js';
import { registerShare } from './share.js';
import { registerInvitations } from './invitations.js';
import { registerInvite } from './invite.js';
import { registerLinks } from './links.js';
import { registerLogin } from './login.js';
import { registerOrg } from './org.js';
import { registerReminders } from './reminders.js';
import { registerReports } from './reports.js';
import { registerRetention } from './retention.js';
import { registerSimilarity } from './similarity.js';
import { registerTests } from './tests.js';

const EXIT_CODES = `
Exit codes: 0 ok, 1 the API refused (statuscode and message on stderr), 2 usage error,
3 server unreachable or timed out (also a gateway's own 502/503/504 page in front of it).

Configuration: ASSAY_URL, ASSAY_API_KEY and ASSAY_ADMIN_TOKEN override the profile saved by
\`assay login\`. Run \`assay\` alone in a terminal for the interactive UI.`;

/** What `assay` without a subcommand does: the TUI on a terminal. */
export type Interactive = (options: { profile?: string }) => Promise<void>;

/** The whole command tree. Commander errors are thrown (exitOverride) so `runCli` decides the exit code. */
export const createProgram = (io: CliIo, interactive: Interactive): Command => {
  const program = new Command('assay')
    .description('Assay from the terminal: an interactive UI, and a subcommand for every API call.')
    .version(CLI_VERSION, '-v, --version')
    .option('--profile <NAME>', 'the saved profile to use (default: "default")')
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', EXIT_CODES)
    .exitOverride()
    // Commander's own errors quote the command line, which a script may have filled from data it was sent.
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(terminalText(text)) })
    // `assay help tests` as `assay tests --help` (commander offers it only to programs without an action of their own).
    .helpCommand(true)
    // The root's own action (the TUI) takes no operands: a word that names no command is an unknown command,
    // which commander says only when the root has no action.
    .allowExcessArguments(true)
    .action(async (options: { profile?: string }, command: Command) => {
      const [word] = command.args;
      if (word !== undefined) command.error(`error: unknown command '${word}'`, { code: 'commander.unknownCommand', exitCode: ExitCode.usage });
      return interactive(options);
    });
  registerLogin(program, io);
  registerTests(program, io);
  registerLibrary(program, io);
  registerLinks(program, io);
  registerInvite(program, io);
  registerInvitations(program, io);
  registerDecide(program, io);
  registerDecisions(program, io);
  registerHistory(program, io);
  registerCompare(program, io);
  registerShare(program, io);
  registerReminders(program, io);
  registerReports(program, io);
  registerSimilarity(program, io);
  registerEvents(program, io);
  registerErase(program, io);
  registerOrg(program, io);
  registerExportPerson(program, io);
  registerRetention(program, io);
  registerAdmin(program, io);
  return program;
};
