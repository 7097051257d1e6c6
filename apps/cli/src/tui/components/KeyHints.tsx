import { Box } from 'ink';
import { Text } from './Text.js';
import stringWidth from 'string-width';
import type { KeyHint } from '../hints.js';

const GAP = 2;
const widthOf = (entry: KeyHint) => stringWidth(`${entry.keys} ${entry.label}`);

/**
 * The footer's lines: whole hints, two spaces apart, as many a line as fit `width` — a hint is never cut in
 * two or dropped; the footer takes another line instead (only narrower than 80 columns: every screen's keys
 * fit one line there). A single hint wider than the terminal is the only thing ever cut.
 */
export const footerLines = (hints: readonly KeyHint[], width: number): KeyHint[][] => {
  const lines: KeyHint[][] = [];
  let used = 0;
  for (const entry of hints.filter((each) => !each.helpOnly)) {
    const line = lines.at(-1);
    if (line && used + GAP + widthOf(entry) <= width) {
      line.push(entry);
      used += GAP + widthOf(entry);
    } else {
      lines.push([entry]);
      used = widthOf(entry);
    }
  }
  return lines.length === 0 ? [[]] : lines;
};

/** The footer: every key the screen takes, under a rule. */
export const Footer = ({ hints, width }: { hints: readonly KeyHint[]; width: number }) => (
  <Box width={width} flexDirection="column" borderStyle="single" borderBottom={false} borderLeft={false} borderRight={false} borderDimColor>
    {footerLines(hints, width).map((line, row) => (
      <Text key={row} wrap="truncate-end">
        {line.map((entry, index) => (
          <Text key={`${entry.keys}-${index}`}>
            {index > 0 ? ' '.repeat(GAP) : ''}
            <Text bold>{entry.keys}</Text> {entry.label}
          </Text>
        ))}
      </Text>
    ))}
  </Box>
);

/** The help: the same keys, one a line, explained, with the global ones. */
export const HelpPanel = ({ title, hints }: { title: string; hints: readonly KeyHint[] }) => (
  <Box flexDirection="column">
    <Text bold>Keys on “{title}”</Text>
    <Text> </Text>
    {hints.map((entry, index) => (
      <Text key={`${entry.keys}-${index}`} wrap="truncate-end">
        {'  '}
        <Text bold>{entry.keys.padEnd(12)}</Text>
        {entry.help ?? entry.label}
      </Text>
    ))}
    <Text> </Text>
    <Text dimColor>Press ? or Esc to close the help. Ctrl+C quits from anywhere.</Text>
  </Box>
);
