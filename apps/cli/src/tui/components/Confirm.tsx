import { Text } from './Text.js';

export const Confirm = ({ question }: { question: string }) => (
  <Text wrap="wrap">
    <Text color="yellow" bold>
      ?
    </Text>{' '}
    {question} <Text bold>y</Text> yes · <Text bold>n</Text>/Esc no
  </Text>
);
