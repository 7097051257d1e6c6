import type { CheckedUrl } from '../../format/checked-url.js';

/**
 * Copies through the terminal: OSC 52 asks the terminal emulator (also over SSH and inside tmux with
 * `set-clipboard on`) to put the text on the system clipboard. Terminals that do not support it ignore it,
 * which is why the URL is always shown too.
 */
export const osc52 = (text: string): string => `\u001B]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;

/** Only a checked URL (format/checked-url.ts) is ever put on the clipboard: the type says it was checked. */
export const copyToClipboard = (stdout: NodeJS.WritableStream, url: CheckedUrl): void => {
  stdout.write(osc52(url));
};
