import type { Token, TokenKind } from '@assay/reports/highlight';
import { Text } from './Text.js';

/** How each kind of token looks in a terminal: colours that read on light and dark backgrounds alike. */
export const LOOKS: Readonly<Record<TokenKind, { color?: string; dimColor?: boolean; bold?: boolean }>> = {
  plain: {},
  keyword: { color: 'magenta', bold: true },
  string: { color: 'green' },
  number: { color: 'yellow' },
  comment: { dimColor: true },
};

/**
 * One line of a candidate's code, highlighted as the report PDF highlights it (the same highlighter, decision 753);
 * an empty line keeps its row. Every token goes through Text, so the code is shown, never obeyed by the terminal.
 */
export const CodeLine = ({ tokens }: { tokens: readonly Token[] }) =>
  tokens.length === 0 ? (
    <Text> </Text>
  ) : (
    tokens.map((token, index) => (
      <Text key={index} {...LOOKS[token.kind]}>
        {token.text}
      </Text>
    ))
  );
