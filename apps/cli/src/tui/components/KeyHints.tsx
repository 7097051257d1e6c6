import { Box } from 'ink';
import { Text } from './Text.js';
import stringWidth from 'string-width';
import type { KeyHint } from '../hints.js';
import { HELP_INDENT, HELP_KEY_COLUMN, type HelpLayout } from '../state/help-layout.js';

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

/** The help: the same keys, one a line, explained (wrapped under their key), with the global ones; a window when long. */
export const HelpPanel = ({ title, layout, top }: { title: string; layout: HelpLayout; top: number }) => {
  const first = Math.max(0, Math.min(top, layout.overflow));
  return (
    <Box flexDirection="column">
      <Text bold>Keys on “{title}”</Text>
      <Text> </Text>
      {layout.lines.slice(first, first + layout.shown).map((line, index) => (
        <Text key={`${first + index}`} wrap="truncate-end">
          {' '.repeat(HELP_INDENT)}
          <Text bold>{line.keys + ' '.repeat(Math.max(1, HELP_KEY_COLUMN - stringWidth(line.keys)))}</Text>
          {line.text}
        </Text>
      ))}
      {layout.overflow > 0 ? (
        <Text dimColor>
          {' '.repeat(HELP_INDENT)}Lines {first + 1}–{first + layout.shown} of {layout.lines.length}: ↑↓ PgUp PgDn scroll.
        </Text>
      ) : null}
      <Text> </Text>
      <Text dimColor>Press ? or Esc to close the help. Ctrl+C quits from anywhere.</Text>
    </Box>
  );
};
