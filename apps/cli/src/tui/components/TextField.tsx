import { Text } from 'ink';
import type { TextInput } from '../input/text-edit.js';

/**
 * A one-line text field, drawn from its state (value and caret live in the screen's reducer, which takes the
 * keys: see text-edit.ts). With `focus`, the caret is shown as an inverse cell.
 */
export const TextField = ({ input, focus, placeholder }: { input: TextInput; focus: boolean; placeholder?: string }) => {
  const { value } = input;
  if (!focus) return value === '' && placeholder ? <Text dimColor>{placeholder}</Text> : <Text>{value}</Text>;
  if (value === '') {
    return placeholder ? (
      <Text>
        <Text inverse>{placeholder[0]}</Text>
        <Text dimColor>{placeholder.slice(1)}</Text>
      </Text>
    ) : (
      <Text inverse> </Text>
    );
  }
  const chars = [...value];
  const at = Math.max(0, Math.min(input.caret, chars.length));
  return (
    <Text>
      {chars.slice(0, at).join('')}
      <Text inverse>{chars[at] ?? ' '}</Text>
      {chars.slice(at + 1).join('')}
    </Text>
  );
};
