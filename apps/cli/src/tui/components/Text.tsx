import { Text as InkText, type TextProps } from 'ink';
import { Children } from 'react';
import { terminalLine } from '../../format/terminal-text.js';

/**
 * Ink's Text with every string in it made safe for the terminal (format/terminal-text.ts): names, messages and
 * titles from the server are shown, never obeyed. Ink itself drops cursor and erase sequences silently but passes
 * OSC (window title, OSC 8 hyperlinks, OSC 52 clipboard), a lone BEL, C1 controls and bidi overrides. Every text of
 * the UI is drawn through this one, so a new screen cannot forget it: lint (biome's noRestrictedImports) refuses
 * `Text` from ink anywhere else. A text of the UI is one line; a control or newline shows as its picture.
 */
export const Text = ({ children, ...props }: TextProps) => (
  <InkText {...props}>{Children.map(children, (child) => (typeof child === 'string' ? terminalLine(child) : child))}</InkText>
);
