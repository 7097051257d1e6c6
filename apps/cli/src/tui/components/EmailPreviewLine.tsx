import { decisionEmailKindOf, type DecisionEmailMessage } from '@assay/domain/invitations';
import { useState } from 'react';
import type { Failure } from '../../errors.js';
import { useConnection } from '../shell/client-context.js';
import { useCall } from '../shell/use-call.js';
import type { Prompt } from '../state/pipeline-prompt.js';
import { FailureText } from './FailureText.js';
import { Text } from './Text.js';

/** What the preview line says of the email Tab turned on: to whom, and its subject as the org's template renders it. */
export const emailPreviewText = (message: DecisionEmailMessage, many: number): string =>
  many > 1 ? `Email to each of ${many}, e.g. ${message.to}: “${message.subject}”` : `Email to ${message.to}: “${message.subject}”`;

/**
 * The email the decide prompt will queue, previewed before Enter (issue 61 item 1: "previewed before sending"): asked
 * of the server once Tab turns the email on, rendered from the org's own template for the (first) candidate.
 */
export const EmailPreviewLine = ({ prompt }: { prompt: Prompt }) => {
  const { client } = useConnection();
  const email = prompt.notify ? decisionEmailKindOf(prompt.decision ?? null) : undefined;
  const id = prompt.target?.testInvitationId;
  const [answer, setAnswer] = useState<{ key: string; message?: DecisionEmailMessage; failure?: Failure } | null>(null);
  const key = email !== undefined && id !== undefined ? `${id}:${email}` : null;
  useCall(
    key,
    (signal) => client.decisions.previewEmail(id!, email!, { signal }),
    (message) => setAnswer({ key: key!, message }),
    (failure) => setAnswer({ key: key!, failure }),
  );
  if (key === null) return null;
  if (answer?.key !== key) return <Text dimColor>Email: previewing…</Text>;
  if (answer.failure) return <FailureText failure={answer.failure} />;
  return (
    <Text dimColor wrap="truncate-end">
      {emailPreviewText(answer.message!, prompt.target?.many?.ids.length ?? 1)}
    </Text>
  );
};
