import { Box } from 'ink';
import { Text } from './Text.js';
import type { ReactNode } from 'react';

export interface Column {
  width: number;
  /** Right-aligned (numbers). */
  right?: boolean;
}

/** One table row in fixed-width cells, cut (never wrapped) so the layout holds at 80 columns. */
export const Row = ({
  cells,
  columns,
  selected,
  header,
}: {
  cells: readonly ReactNode[];
  columns: readonly Column[];
  selected?: boolean;
  header?: boolean;
}) => (
  <Box>
    <Text inverse={selected} bold={header}>
      {selected ? '›' : ' '}
    </Text>
    {cells.map((cell, index) => (
      <Box key={index} width={columns[index]!.width} justifyContent={columns[index]!.right ? 'flex-end' : 'flex-start'} paddingRight={1}>
        <Text wrap="truncate-end" inverse={selected} bold={header} dimColor={header}>
          {cell}
        </Text>
      </Box>
    ))}
  </Box>
);

/** Column widths where the 'flex' columns share what the fixed ones leave of `total`. */
export const columnsFor = (total: number, widths: readonly (number | 'flex')[], right: readonly number[] = []): Column[] => {
  const fixed = widths.reduce<number>((sum, width) => sum + (width === 'flex' ? 0 : width), 0);
  const flexCount = widths.filter((width) => width === 'flex').length || 1;
  const flex = Math.max(8, Math.floor((total - 1 - fixed) / flexCount));
  return widths.map((width, index) => ({ width: width === 'flex' ? flex : width, right: right.includes(index) }));
};
