import { Text } from './Text.js';
import type { TextInput } from '../input/text-edit.js';

/**
 * The characters of a field that fit `width` cells: from the start, or — when the text is longer and the field
 * has the caret — a window that keeps the caret in view (one cell for the caret after the last character).
 */
export const visibleRange = (length: number, caret: number, width: number, focus: boolean): { start: number; end: number } => {
  const cells = Math.max(1, width);
  if (!focus) return { start: 0, end: Math.min(length, cells) };
  const start = Math.max(0, Math.min(caret - cells + 1, length + 1 - cells));
  return { start, end: Math.min(length, start + cells) };
};

/**
 * A one-line text field, drawn from its state (value and caret live in the screen's reducer, which takes the
 * keys: see text-edit.ts). With `focus`, the caret is an inverse cell; with `width`, a long text scrolls
 * sideways instead of wrapping, so the row around it keeps its shape.
 */
export const TextField = ({ input, focus, placeholder, width }: { input: TextInput; focus: boolean; placeholder?: string; width?: number }) => {
  const chars = [...input.value];
  const caret = Math.max(0, Math.min(input.caret, chars.length));
  const { start, end } = visibleRange(chars.length, caret, width ?? Number.MAX_SAFE_INTEGER, focus);
  const shown = chars.slice(start, end);
  if (chars.length === 0) {
    const hint = placeholder ? [...placeholder].slice(0, width ?? placeholder.length).join('') : '';
    if (!focus) return hint ? <Text dimColor>{hint}</Text> : <Text />;
    return hint ? (
      <Text>
        <Text inverse>{hint[0]}</Text>
        <Text dimColor>{hint.slice(1)}</Text>
      </Text>
    ) : (
      <Text inverse> </Text>
    );
  }
  // Without the caret a cut text says it goes on.
  if (!focus) return <Text>{end < chars.length ? `${shown.slice(0, -1).join('')}…` : shown.join('')}</Text>;
  const at = caret - start;
  return (
    <Text>
      {shown.slice(0, at).join('')}
      <Text inverse>{shown[at] ?? ' '}</Text>
      {shown.slice(at + 1).join('')}
    </Text>
  );
};
