import { Text } from './Text.js';
import type { Failure } from '../../errors.js';

/** A failed call, inline where it happened: the statuscode (or "unreachable") and the server's message. */
export const FailureText = ({ failure, hint }: { failure: Failure; hint?: string }) => (
  <Text wrap="wrap">
    <Text color="red" bold>
      ✗ {failure.label}:
    </Text>{' '}
    {failure.message}
    {hint ? <Text dimColor> {hint}</Text> : null}
  </Text>
);
