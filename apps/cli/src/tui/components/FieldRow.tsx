import { Box } from 'ink';
import { Text } from './Text.js';
import type { ReactNode } from 'react';

export interface FieldColumns {
  label: number;
  value: number;
}

/** The columns of a form at `width`: the label and the value keep theirs; a note gets what is left. */
export const fieldColumns = (width: number, label: number): FieldColumns => ({ label, value: Math.max(12, Math.min(30, width - label - 2 - 12)) });

/**
 * One field of a form: `› Label  value  note`, one line whatever the value or the note hold — label and value
 * have fixed widths and never shrink; the note is cut to the room left. A validation error goes on a line of
 * its own under the field, so a long message neither squeezes the value nor wraps the row.
 */
export const FieldRow = ({
  label,
  focused,
  columns,
  children,
  note,
  error,
}: {
  label: string;
  focused: boolean;
  columns: FieldColumns;
  children: ReactNode;
  note?: string | undefined;
  error?: string | undefined;
}) => (
  <Box flexDirection="column">
    <Box>
      <Box width={columns.label + 2} flexShrink={0}>
        <Text bold={focused} color={focused ? 'cyan' : undefined} wrap="truncate-end">
          {focused ? '› ' : '  '}
          {label}
        </Text>
      </Box>
      <Box width={columns.value + 1} flexShrink={0}>
        {children}
      </Box>
      {note ? (
        <Box flexGrow={1} flexShrink={1}>
          <Text dimColor wrap="truncate-end">
            {note}
          </Text>
        </Box>
      ) : null}
    </Box>
    {error ? (
      <Text color="red" wrap="truncate-end">
        {'    ✗ '}
        {error}
      </Text>
    ) : null}
  </Box>
);
