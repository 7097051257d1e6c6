import { Box } from 'ink';
import { Text } from './Text.js';
import type { CheckedUrl } from '../../format/checked-url.js';

/**
 * A take-test URL to send to a candidate: alone on its line from the left edge, with no border or padding
 * around it, so it is shown whole (a take-test URL fits one line at 80 columns; a longer one breaks only at
 * the screen's edge, never inside a box) and a mouse selection copies nothing but the URL. `c` copies it
 * whole through the terminal (OSC 52); the line under it says so, and whether it was sent.
 */
export const HandedUrl = ({ url, copied }: { url: CheckedUrl; copied: boolean }) => (
  <Box flexDirection="column">
    <Text>Send the candidate this URL:</Text>
    <Text wrap="wrap">{url}</Text>
    {copied ? (
      <Text dimColor>Sent to the clipboard (OSC 52); if your terminal ignores that, select the URL above.</Text>
    ) : (
      <Text dimColor>c copies it to the clipboard (OSC 52).</Text>
    )}
  </Box>
);
