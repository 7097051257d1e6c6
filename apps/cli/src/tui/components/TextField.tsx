import { Text } from 'ink';
import { useState } from 'react';
import { useLatestInput } from '../shell/screen-slot.js';

/**
 * A one-line text field. ink-text-input types every Ctrl combination as its letter, which would make Ctrl+S
 * (save) type an "s"; this one leaves Ctrl, Meta, Tab, Enter, Esc and ↑↓ to the screen and edits with
 * ←→, Home, End, Backspace and Delete.
 */
export const TextField = ({
  value,
  onChange,
  focus,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  focus: boolean;
  placeholder?: string;
}) => {
  const [cursor, setCursor] = useState(value.length);
  const at = Math.min(cursor, value.length);
  useLatestInput((input, key) => {
    if (key.ctrl || key.meta || key.tab || key.return || key.escape || key.upArrow || key.downArrow || key.pageUp || key.pageDown) return;
    if (key.leftArrow) setCursor(Math.max(0, at - 1));
    else if (key.rightArrow) setCursor(Math.min(value.length, at + 1));
    else if (key.home) setCursor(0);
    else if (key.end) setCursor(value.length);
    else if (key.backspace || key.delete) {
      // Terminals send DEL (\x7f) for Backspace, which Ink reports as delete: both erase to the left.
      if (at === 0) return;
      onChange(value.slice(0, at - 1) + value.slice(at));
      setCursor(at - 1);
    } else if (input) {
      const typed = input.replace(/[\r\n\t]/g, '');
      onChange(value.slice(0, at) + typed + value.slice(at));
      setCursor(at + typed.length);
    }
  }, focus);
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
  return (
    <Text>
      {value.slice(0, at)}
      <Text inverse>{value[at] ?? ' '}</Text>
      {value.slice(at + 1)}
    </Text>
  );
};
