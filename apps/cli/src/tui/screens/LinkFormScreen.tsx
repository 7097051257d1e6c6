import { findTimeZone } from '@assay/domain/core';
import type { TestLink } from '@assay/domain/schemas';
import { Box } from 'ink';
import { Text } from '../components/Text.js';
import { useEffect } from 'react';
import { accessModeName } from '../../format/link-text.js';
import { FailureText } from '../components/FailureText.js';
import { useConnection } from '../shell/client-context.js';
import { applyDecision } from '../input/key-decision.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import {
  blankLinkFields,
  emptyStakeholderMeans,
  linkBodyOfFields,
  linkFieldErrors,
  linkFieldOrder,
  linkFieldsOf,
  understoodDate,
  zoneOfFields,
  zonesMatching,
  type LinkField,
} from '../state/link-form-fields.js';
import { initialLinkForm, isTextField, linkFormCallKey, linkFormKeys, linkFormReducer, type LinkFormState } from '../state/link-form-state.js';
import { FieldRow, fieldColumns } from '../components/FieldRow.js';
import { TextField } from '../components/TextField.js';
import { HINTS } from '../hints.js';

const LABEL_WIDTH = 15;

const ZonePicker = ({ state, rows }: { state: Extract<LinkFormState, { phase: 'pickingZone' }>; rows: number }) => {
  const zones = zonesMatching(state.filter);
  const visible = Math.max(1, rows - 3);
  const first = Math.max(0, Math.min(state.cursor - Math.floor(visible / 2), zones.length - visible));
  return (
    <Box flexDirection="column">
      <Text bold>Time zone candidates see the dates in</Text>
      <Text>
        Filter: <TextField input={{ value: state.filter, caret: state.filterCaret }} focus placeholder="type a city, region or id" />
      </Text>
      {zones.slice(first, first + visible).map((zone, index) => (
        <Text key={zone.timeZoneId} inverse={first + index === state.cursor} wrap="truncate-end">
          {first + index === state.cursor ? '›' : ' '} {String(zone.timeZoneId).padEnd(5)} {zone.iana.padEnd(32)} {zone.name}
        </Text>
      ))}
      {zones.length === 0 ? <Text dimColor>No zone matches.</Text> : null}
    </Box>
  );
};

export const LinkFormScreen = ({ testId, link }: { testId: number; link: TestLink | null }) => {
  const { client } = useConnection();
  const { body, active, back } = useScreenSlot();
  const existing = link !== null;
  const { state, send: dispatch, current } = useMachine(linkFormReducer, () => initialLinkForm(link ? linkFieldsOf(link) : blankLinkFields(), existing));

  useCall(
    linkFormCallKey(state),
    (signal) => {
      const bodyOf = linkBodyOfFields(state.fields, existing);
      return link ? client.testLinks.update(testId, link.testLinkId, bodyOf, { signal }) : client.testLinks.create(testId, bodyOf, { signal });
    },
    (saved) => dispatch({ type: 'saved', link: saved }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useEffect(() => {
    if (state.phase === 'saved') back();
  }, [state.phase, back]);

  const picking = state.phase === 'pickingZone';
  useChrome({
    title: link ? `Edit “${link.testLinkName}”` : 'New link',
    hints: picking ? HINTS.zonePicker : HINTS.linkForm,
    typing: picking || isTextField(state.focus),
    modal: picking,
  });

  useScreenKeys((stroke) => applyDecision(linkFormKeys(current(), stroke), dispatch));

  const { fields, focus } = state;
  const errors = linkFieldErrors(fields, existing);
  const columns = fieldColumns(body.columns, LABEL_WIDTH);
  /** As you type: a field shows its problem as soon as it has text, and every field after a save attempt. */
  const errorOf = (field: Exclude<LinkField, 'save'>) => (state.attempted || String(fields[field]).length > 0 ? errors[field] : undefined);
  const text = (field: 'name' | 'start' | 'end' | 'stakeholder', placeholder: string) => (
    <TextField
      input={{ value: fields[field], caret: focus === field ? state.caret : 0 }}
      placeholder={placeholder}
      focus={active && state.phase === 'editing' && focus === field}
      width={columns.value}
    />
  );
  const zone = fields.timeZoneId === null ? undefined : findTimeZone(fields.timeZoneId);
  const dateZone = zoneOfFields(fields.timeZoneId);
  const order = linkFieldOrder(fields, existing);
  const has = (field: LinkField) => order.includes(field);

  if (state.phase === 'pickingZone') return <ZonePicker state={state} rows={body.rows} />;
  return (
    <Box flexDirection="column">
      <Text bold>{link ? `Edit link ${link.testLinkId} of test ${testId}` : `New link for test ${testId}`}</Text>
      <Text> </Text>
      <FieldRow columns={columns} label="Name" focused={focus === 'name'} error={errorOf('name')}>
        {text('name', 'e.g. Spring hiring')}
      </FieldRow>
      <FieldRow
        columns={columns}
        label="Access time"
        focused={focus === 'accessTime'}
        note={['any time', 'from start to end', 'daily, start to end time'][fields.accessTime]}
      >
        <Text>
          ◀ <Text bold>{accessModeName(fields.accessTime)}</Text> ▶
        </Text>
      </FieldRow>
      {has('start') ? (
        <FieldRow
          columns={columns}
          label="Start"
          focused={focus === 'start'}
          error={errorOf('start')}
          note={understoodDate(fields.start, fields.timeZoneId) ?? `in ${dateZone}`}
        >
          {text('start', 'YYYY-MM-DDTHH:MM')}
        </FieldRow>
      ) : null}
      {has('end') ? (
        <FieldRow
          columns={columns}
          label="End"
          focused={focus === 'end'}
          error={errorOf('end')}
          note={understoodDate(fields.end, fields.timeZoneId) ?? `in ${dateZone}`}
        >
          {text('end', 'YYYY-MM-DDTHH:MM')}
        </FieldRow>
      ) : null}
      <FieldRow columns={columns} label="Time zone" focused={focus === 'timeZoneId'} note="Enter to pick">
        <Text wrap="truncate-end">
          {zone ? `${zone.iana} (${zone.timeZoneId})` : fields.timeZoneId === null ? "the organization's" : String(fields.timeZoneId)}
        </Text>
      </FieldRow>
      <FieldRow columns={columns} label="Invite only" focused={focus === 'inviteOnly'}>
        <Text>{fields.inviteOnly ? '[x] yes' : '[ ] no'}</Text>
      </FieldRow>
      <FieldRow columns={columns} label="Proctoring" focused={focus === 'proctoring'}>
        <Text>{fields.proctoring ? '[x] camera snapshots' : '[ ] no'}</Text>
      </FieldRow>
      <FieldRow columns={columns} label="Stakeholder" focused={focus === 'stakeholder'} error={errorOf('stakeholder')}>
        {text('stakeholder', `empty: ${emptyStakeholderMeans(existing)}`)}
      </FieldRow>
      {has('active') ? (
        <FieldRow columns={columns} label="Status" focused={focus === 'active'}>
          <Text color={fields.active ? 'green' : undefined}>{fields.active ? 'Active' : 'Inactive'}</Text>
        </FieldRow>
      ) : null}
      <Text> </Text>
      <Text bold={focus === 'save'} inverse={focus === 'save'}>
        {focus === 'save' ? '› ' : '  '}[ {link ? 'Save changes' : 'Create link'} ]
      </Text>
      {state.phase === 'saving' ? <Text dimColor>Saving…</Text> : null}
      {state.failure ? <FailureText failure={state.failure} /> : null}
    </Box>
  );
};
