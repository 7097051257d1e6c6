import { Box } from 'ink';
import { Text } from './Text.js';
import type { CheckedUrl } from '../../format/checked-url.js';

/**
 * A take-test URL to send to a candidate: alone on its line from the left edge, with no border or padding
 * around it, so it is shown whole (a take-test URL fits one line at 80 columns; a longer one breaks only at
 * the screen's edge, never inside a box) and a mouse selection copies nothing but the URL. `c` copies it
 * whole through the terminal (OSC 52); the line under it says so, and whether it was sent. When the server queued the
 * invitation email (`emailed`), the line above says that instead of asking the recruiter to send it.
 */
export const HandedUrl = ({ url, copied, emailed = false }: { url: CheckedUrl; copied: boolean; emailed?: boolean }) => (
  <Box flexDirection="column">
    <Text>{emailed ? 'The invitation email with this URL is on its way to the candidate (assay deliveries shows it):' : 'Send the candidate this URL:'}</Text>
    <Text wrap="wrap">{url}</Text>
    {copied ? (
      <Text dimColor>Sent to the clipboard (OSC 52); if your terminal ignores that, select the URL above.</Text>
    ) : (
      <Text dimColor>c copies it to the clipboard (OSC 52).</Text>
    )}
  </Box>
);
