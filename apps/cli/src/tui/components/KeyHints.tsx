import { Box, Text } from 'ink';
import type { KeyHint } from '../shell/screen-slot.js';

/** The footer: every key the screen takes, one line, cut at the terminal's width. */
export const Footer = ({ hints, width }: { hints: readonly KeyHint[]; width: number }) => (
  <Box width={width} borderStyle="single" borderBottom={false} borderLeft={false} borderRight={false} borderDimColor>
    <Text wrap="truncate-end">
      {hints.map((hint, index) => (
        <Text key={`${hint.keys}-${index}`}>
          {index > 0 ? '  ' : ''}
          <Text bold>{hint.keys}</Text> {hint.label}
        </Text>
      ))}
    </Text>
  </Box>
);

/** The help: the same keys, one a line, with the global ones. */
export const HelpPanel = ({ title, hints }: { title: string; hints: readonly KeyHint[] }) => (
  <Box flexDirection="column">
    <Text bold>Keys on “{title}”</Text>
    <Text> </Text>
    {hints.map((hint, index) => (
      <Text key={`${hint.keys}-${index}`}>
        {'  '}
        <Text bold>{hint.keys.padEnd(12)}</Text>
        {hint.label}
      </Text>
    ))}
    <Text> </Text>
    <Text dimColor>Press ? or Esc to close the help. Ctrl+C quits from anywhere.</Text>
  </Box>
);
