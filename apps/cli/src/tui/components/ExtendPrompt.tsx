import { Box } from 'ink';
import { useMachine } from '../shell/use-machine.js';
import { closedExtendPrompt, extendPromptReducer, type ExtendPromptState } from '../state/extend-prompt.js';
import { Text } from './Text.js';
import { TextField } from './TextField.js';

/** The prompt's rows at most: its question, the field, and a refusal under it. */
export const EXTEND_PROMPT_ROWS = 3;

/** The extend prompt's machine (state/extend-prompt.ts). */
export const useExtendPrompt = () => useMachine(extendPromptReducer, closedExtendPrompt);

/** The open prompt: whom it extends (and, renewing, that the link is emailed too), the field, and why the last Enter was refused. */
export const ExtendLine = ({ state, width }: { state: ExtendPromptState; width: number }) => {
  if (state.phase === 'closed') return null;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end" bold>
        {state.request.move === 'renew'
          ? `Extend ${state.who} and email the link: 3d, 12h, 2w from now, or YYYY-MM-DD HH:MM`
          : `Extend ${state.who}: 3d, 12h, 2w from now, or YYYY-MM-DD HH:MM in the link's zone`}
      </Text>
      <Text>
        {'> '}
        <TextField input={{ value: state.text, caret: state.caret }} focus width={Math.max(10, width - 3)} />
      </Text>
      {state.error ? (
        <Text wrap="wrap" color="red">
          ✗ {state.error}
        </Text>
      ) : null}
    </Box>
  );
};
