import type { CliIo } from '../commands/cli-io.js';

export const startTui = async (io: CliIo, profile: string | undefined): Promise<void> => {
  io.stdout.write(`TUI for ${profile ?? 'default'} (not yet)\n`);
};
