import { randomUUID } from 'node:crypto';
import type { AssayClient } from '@assay/client';
import { Box } from 'ink';
import { useEffect } from 'react';
import { decisionEmailKindOf } from '@assay/domain/invitations';
import { useConnection } from '../shell/client-context.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import {
  DECISION_KEYS,
  initialPipelinePrompt,
  pipelinePromptReducer,
  pipelineSaveKey,
  type EvaluationWrite,
  type Prompt,
  type PipelinePromptState,
} from '../state/pipeline-prompt.js';
import { SHORTLIST_EXAMPLE } from '../state/pipeline-filter.js';
import { EmailPreviewLine } from './EmailPreviewLine.js';
import { FailureText } from './FailureText.js';
import { Text } from './Text.js';
import { TextField } from './TextField.js';

/** The prompt's rows at most: its question, the field, and a refusal (or the email's preview) under it. */
export const PROMPT_ROWS = 3;

/** Runs one write; answers what the list's line says once saved. */
const runWrite = async (client: AssayClient, write: EvaluationWrite, signal: AbortSignal): Promise<string> => {
  const id = write.testInvitationId;
  switch (write.kind) {
    case 'decide': {
      const said = { decision: write.decision, ...(write.reason ? { reason: write.reason } : {}), ...(write.notify ? { notify: true } : {}) };
      await client.decisions.decide(id, said, { signal });
      const emailed = write.notify ? ' The email goes after the undo window.' : '';
      return (write.decision === null ? `Invitation ${id}: decision cleared.` : `Invitation ${id}: ${write.decision}.`) + emailed;
    }
    case 'decideMany': {
      const said = { decision: write.decision, ...(write.reason ? { reason: write.reason } : {}), ...(write.notify ? { notify: true } : {}) };
      const answer = await client.decisions.decideInBulk(write.testId, { ...said, ids: [...write.ids] }, { signal, idempotencyKey: randomUUID() });
      const emailed = write.notify ? ' Emails after the undo window.' : '';
      return `${write.decision ?? 'cleared'}: ${answer.decided} decided · ${answer.unchanged} unchanged · ${answer.notFound} not found.${emailed}`;
    }
    case 'tag': {
      const evaluation = write.remove ? await client.decisions.removeTag(id, write.tag, { signal }) : await client.decisions.addTag(id, write.tag, { signal });
      return `Invitation ${id}: tags ${evaluation.tags.length ? evaluation.tags.join(', ') : 'none'}.`;
    }
    case 'note':
      await client.decisions.addNote(id, write.text, { signal });
      return `Invitation ${id}: note saved.`;
    case 'rate': {
      const evaluation = await client.decisions.rate(id, write.rating, { signal });
      return write.rating === null
        ? `Invitation ${id}: your rating removed.`
        : `Invitation ${id}: rated ${write.rating} (mean ${evaluation.meanRating ?? '—'}).`;
    }
  }
};

/**
 * The prompt's machine and its writes through the client; `onSaved` runs after each saved write (to reload the list),
 * told which kind it was (a bulk decision also clears the marks).
 */
export const usePipelinePrompt = (onSaved: (kind: EvaluationWrite['kind'] | null) => void) => {
  const { client } = useConnection();
  const machine = useMachine(pipelinePromptReducer, initialPipelinePrompt);
  const { state, send } = machine;
  useCall(
    pipelineSaveKey(state),
    (signal) => {
      if (!state.write) throw new Error('nothing to write');
      return runWrite(client, state.write, signal);
    },
    (message) => send({ type: 'saved', message }),
    (failure) => send({ type: 'failed', failure }),
  );
  useEffect(() => {
    if (state.phase === 'closed' && state.saved !== null) onSaved(state.savedKind);
    // Only the arrival of a saved write matters, not a new onSaved closure.
  }, [state.saved]);
  return machine;
};

/** Tab's switch, for the decisions that send an email (decision 1456); the email's text is the org's template. */
const emailToggle = (prompt: Prompt): string =>
  decisionEmailKindOf(prompt.decision ?? null) === undefined ? '' : ` · Tab email: ${prompt.notify ? 'ON' : 'off'}`;

const questionOf = (prompt: Prompt): string => {
  const who = prompt.target ? `${prompt.target.fullName} (${prompt.target.testInvitationId})` : '';
  switch (prompt.kind) {
    case 'filter':
      return `Filter (e.g. ${SHORTLIST_EXAMPLE}; empty: none):`;
    case 'decide':
      return prompt.decision === undefined
        ? `Decide on ${who}: ${DECISION_KEYS.map(([key, , label]) => `${key} ${label}`).join(' · ')}`
        : `${prompt.decision === null ? 'Clear the decision on' : `${prompt.decision}:`} ${who}. Reason (optional)${emailToggle(prompt)}:`;
    case 'tag':
      return `Tag ${who} (-tag removes):`;
    case 'note':
      return `Note on ${who}:`;
    case 'rate':
      return `Rate ${who}: 1–5 (0 removes your rating)`;
  }
};

/** The open prompt, the write under way, or the last write's outcome. */
export const PromptLine = ({ state, width }: { state: PipelinePromptState; width: number }) => {
  const { prompt } = state;
  if (state.phase === 'saving') return <Text dimColor>Saving…</Text>;
  if (prompt === null) return state.saved ? <Text color="green">✓ {state.saved}</Text> : null;
  const typing = prompt.kind !== 'rate' && !(prompt.kind === 'decide' && prompt.decision === undefined);
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end" bold>
        {questionOf(prompt)}
      </Text>
      {typing ? (
        <Text>
          {'> '}
          <TextField input={{ value: prompt.text, caret: prompt.caret }} focus width={Math.max(10, width - 3)} />
        </Text>
      ) : null}
      {state.failure ? <FailureText failure={state.failure} /> : <EmailPreviewLine prompt={prompt} />}
    </Box>
  );
};
