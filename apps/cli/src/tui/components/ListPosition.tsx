import { Box } from 'ink';
import { positionText, type ListState, type ListView } from '../state/list-state.js';
import { Text } from './Text.js';
import { TextField } from './TextField.js';

/** Rows it takes: the search field and the position line. */
export const LIST_POSITION_ROWS = 2;

/** Under a long list: its search field (while in use), where the screen is in it, and the keys to move through it. */
export const ListPosition = <T,>({ state, view, visible, focus }: { state: ListState<T>; view: ListView<T>; visible: number; focus: boolean }) => (
  <Box flexDirection="column">
    {state.editing || state.query ? (
      <Box>
        <Text>Search: </Text>
        <TextField input={{ value: state.query, caret: state.caret }} focus={focus && state.editing} />
      </Box>
    ) : null}
    <Text wrap="truncate-end">
      {positionText(state, view, visible)}
      <Text dimColor> PgDn/End · / search · f status · o order</Text>
    </Text>
  </Box>
);
