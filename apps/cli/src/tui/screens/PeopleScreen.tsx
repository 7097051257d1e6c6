import { keyRoles } from '@assay/domain/core';
import type { IssuedKey, OrgPeople } from '@assay/domain/schemas';
import { Box, useStdout } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { match } from 'ts-pattern';
import type { Failure } from '../../errors.js';
import { Confirm } from '../components/Confirm.js';
import { FailureText } from '../components/FailureText.js';
import { Text } from '../components/Text.js';
import { TextField } from '../components/TextField.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { osc52 } from '../shell/clipboard.js';
import { useMe } from '../shell/capabilities-context.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { initialPeople, peopleCallKey, peopleKeys, peopleReducer, peopleRows, type PeopleRequest, type PeopleRow } from '../state/people-state.js';
import { initialRemote, remoteCallKey, remoteReducer } from '../state/remote-state.js';

type Outcome = { issued: IssuedKey | null; done: string | null; failure: Failure | null; copied: boolean; added?: number };
const none: Outcome = { issued: null, done: null, failure: null, copied: false };

const day = (iso: string | null): string => (iso ? iso.slice(0, 10) : '');

const rowText = (row: PeopleRow): string =>
  row.kind === 'person'
    ? `${row.person.name ?? '(unnamed)'}${row.person.email ? ` <${row.person.email}>` : ''} · ${row.person.role}${row.person.deactivatedAt ? ` · deactivated ${day(row.person.deactivatedAt)}` : ''}`
    : // The label only where it says more than the prefix (a key without one is labelled with it), so a row fits 80 columns.
      `   key ${row.key.keyId} ${row.key.prefix}… ${row.key.role}${row.key.label === row.key.prefix ? '' : ` "${row.key.label}"`} · ${day(row.key.createdAt)}${row.key.revokedAt ? ` · revoked ${day(row.key.revokedAt)}` : ''}`;

const question = (request: PeopleRequest): string =>
  match(request)
    .with({ type: 'issue' }, ({ name, role }) => `Issue ${name} a ${role} key? Its secret is shown once.`)
    .with({ type: 'revoke' }, ({ keyId, label }) => `Revoke key ${keyId} ("${label}")? It stops working at once.`)
    .with({ type: 'deactivate' }, ({ name }) => `Deactivate ${name}? Every key of theirs is revoked.`)
    .with({ type: 'add' }, () => '')
    .exhaustive();

/**
 * An admin key's people screen (issue 50 item 5; decision 834, amended by 836): the organization's people and their
 * keys through `/v2/org/people`, which an admin key may use; the TUI offers `p` to admin keys only.
 */
export const PeopleScreen = () => {
  const { client } = useConnection();
  const { stdout } = useStdout();
  const { body } = useScreenSlot();
  const me = useMe();
  const { state: remote, send: load } = useMachine(remoteReducer<OrgPeople>, initialRemote<OrgPeople>);
  const { state, send, current } = useMachine(peopleReducer, initialPeople);
  const [outcome, setOutcome] = useState<Outcome>(none);
  const rows = useMemo(() => peopleRows(remote.value?.people ?? []), [remote.value]);
  // A person just added is highlighted once the reloaded list has them.
  useEffect(() => {
    send({ type: 'rows', rows });
  }, [rows, send]);
  useCall(
    remoteCallKey(remote, 'people'),
    (signal) => client.people.list({ signal }),
    (value) => load({ type: 'loaded', value }),
    (failure) => load({ type: 'failed', failure }),
  );
  useCall(
    peopleCallKey(state),
    async (signal): Promise<Outcome> => {
      if (state.mode.phase !== 'working') throw new Error('nothing to do');
      const { request } = state.mode;
      switch (request.type) {
        case 'add': {
          const person = await client.people.add(request.person, { signal });
          return { ...none, done: `✓ Added ${person.name} (${person.role}), highlighted: k issues them a key.`, added: person.personId };
        }
        case 'issue':
          return { ...none, issued: await client.people.issueKey(request.personId, {}, { signal }) };
        case 'revoke':
          await client.people.revokeKey(request.keyId, { signal });
          return { ...none, done: `✓ Revoked key ${request.keyId}.` };
        case 'deactivate':
          await client.people.deactivate(request.personId, { signal });
          return { ...none, done: `✓ Deactivated ${request.name}; their keys are revoked.` };
      }
    },
    (value) => {
      setOutcome(value);
      send(value.added === undefined ? { type: 'close' } : { type: 'added', personId: value.added });
      load({ type: 'reload' });
    },
    (failure) => {
      setOutcome({ ...none, failure });
      send({ type: 'close' });
    },
  );
  const { phase } = state.mode;
  useChrome({
    title: 'People',
    hints: phase === 'adding' ? HINTS.peopleAdding : phase === 'confirm' ? HINTS.peopleConfirm : HINTS.people,
    typing: phase === 'adding',
    modal: phase === 'adding' || phase === 'confirm',
  });
  useScreenKeys((stroke) =>
    applyDecision(
      peopleKeys(current(), rows, outcome.issued !== null, stroke),
      (event) => {
        if (event.type !== 'move' && event.type !== 'edit' && event.type !== 'refuse') setOutcome(none);
        send(event);
      },
      (effect) => {
        if (effect === 'reload') load({ type: 'reload' });
        else if (outcome.issued) {
          stdout.write(osc52(outcome.issued.apiKey));
          setOutcome({ ...outcome, copied: true });
        }
      },
    ),
  );

  // The list gets what the header lines and the panel below leave of the body (80×24 included).
  const height = Math.max(3, body.rows - 8);
  const first = Math.max(0, Math.min(state.cursor - Math.floor(height / 2), rows.length - height));
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        This key: <Text bold>{me?.shownAs ?? '…'}</Text> · key {me?.keyId ?? '…'} · people of organization {me?.orgId ?? '…'}
      </Text>
      {remote.value ? (
        rows.slice(first, first + height).map((row, index) => {
          const selected = first + index === state.cursor;
          const gone = row.kind === 'person' ? row.person.deactivatedAt !== null : row.key.revokedAt !== null;
          return (
            <Text key={`${row.kind}:${row.kind === 'key' ? row.key.keyId : row.person.personId}`} wrap="truncate-end" inverse={selected} dimColor={gone}>
              {selected ? '›' : ' '}
              {rowText(row)}
            </Text>
          );
        })
      ) : remote.phase === 'failed' ? (
        <FailureText failure={remote.failure} hint="(r to retry)" />
      ) : (
        <Text dimColor>Loading the people…</Text>
      )}
      <Text dimColor>{rows.length > height ? `  ${state.cursor + 1} of ${rows.length} rows` : ' '}</Text>
      {state.mode.phase === 'adding' ? (
        <Box flexDirection="column">
          <Text bold>Name, email, role; email and role optional:</Text>
          <Text dimColor wrap="wrap">
            Roles: {keyRoles.join(', ')}
          </Text>
          <Text>
            {'> '}
            <TextField input={{ value: state.mode.text, caret: state.mode.caret }} focus width={Math.max(10, body.columns - 3)} />
          </Text>
          {state.mode.error ? <Text color="red">✗ {state.mode.error}</Text> : null}
        </Box>
      ) : null}
      {state.mode.phase === 'confirm' ? <Confirm question={question(state.mode.request)} /> : null}
      {state.mode.phase === 'working' ? <Text dimColor>Working…</Text> : null}
      {outcome.issued ? (
        <Box flexDirection="column">
          <Text color="green" wrap="wrap">
            ✓ Key {outcome.issued.keyId} ({outcome.issued.role}) issued. It is shown only now:
          </Text>
          <Text bold wrap="wrap">
            {outcome.issued.apiKey}
          </Text>
          <Text dimColor>{outcome.copied ? 'Copied to the clipboard (OSC 52), where the terminal allows.' : 'c copies it (OSC 52).'}</Text>
        </Box>
      ) : null}
      {outcome.done ? <Text color="green">{outcome.done}</Text> : null}
      {outcome.failure ? <FailureText failure={outcome.failure} /> : null}
    </Box>
  );
};
