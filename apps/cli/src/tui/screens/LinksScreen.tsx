import type { TestLink } from '@assay/domain/schemas';
import { Box } from 'ink';
import { Text } from '../components/Text.js';
import { useEffect, useMemo } from 'react';
import { accessModeName, accessText, linkStateText, publicLinkUrl, yesNo } from '../../format/link-text.js';
import { FailureText } from '../components/FailureText.js';
import { columnsFor, Row } from '../components/Row.js';
import { StatusText } from '../components/StatusText.js';
import { useConnection } from '../shell/client-context.js';
import { applyDecision } from '../input/key-decision.js';
import { performWith } from '../shell/screen-effects.js';
import { useChrome, useOnReturn, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { actionCallKey, actionKeys, actionReducer, idleAction } from '../state/action-state.js';
import { initialList, listReducer, selectedRow, shownRows, windowOf } from '../state/list-state.js';
import { linksView } from '../state/list-views.js';
import { toggleQuestion, toggleRequest } from '../state/link-toggle.js';
import { LIST_POSITION_ROWS, ListPosition } from '../components/ListPosition.js';
import { Confirm } from '../components/Confirm.js';
import { remoteCallKey } from '../state/remote-state.js';
import { linksKeys } from '../state/screen-keys.js';
import { HINTS } from '../hints.js';
import { useMay } from '../shell/capabilities-context.js';
import { deniedKeys, isDenied, permittedHints } from '../state/key-permissions.js';

/** Rows taken by the header, the selected link's details and the status lines. */
const CHROME_ROWS = 9 + LIST_POSITION_ROWS;

export const LinksScreen = ({ testId, testName }: { testId: number; testName: string }) => {
  const { client, baseUrl } = useConnection();
  const { body, open, active } = useScreenSlot();
  const view = useMemo(() => linksView(baseUrl), [baseUrl]);
  const reducer = useMemo(() => listReducer(view), [view]);
  const { state, send: dispatch, current } = useMachine(reducer, initialList<TestLink>);
  const visible = Math.max(1, body.rows - CHROME_ROWS);
  const toggling = useMachine(actionReducer<TestLink>, idleAction<TestLink>);
  const { state: toggle, send: toggleDispatch } = toggling;

  useCall(
    remoteCallKey(state.remote, `links:${testId}`),
    (signal) => client.testLinks.list(testId, { signal }),
    (value) => dispatch({ type: 'loaded', value }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useCall(
    actionCallKey(toggle),
    async (signal) => {
      if (toggle.phase !== 'running') throw new Error('no toggle running');
      const link = toggle.action;
      const updated = await client.testLinks.update(
        testId,
        link.testLinkId,
        {
          testLinkName: link.testLinkName,
          accessTime: link.accessTime,
          startDateTime: link.startDateTime,
          endDateTime: link.endDateTime,
          testLinkStatus: link.testLinkStatus === 1 ? 3 : 1,
        },
        { signal },
      );
      return `“${updated.testLinkName}” is now ${linkStateText(updated)}.`;
    },
    (message) => toggleDispatch({ type: 'succeeded', message }),
    (failure) => toggleDispatch({ type: 'failed', failure }),
  );
  useEffect(() => {
    if (toggle.phase === 'done') dispatch({ type: 'reload' });
  }, [toggle.phase, dispatch]);
  useOnReturn(() => dispatch({ type: 'reload' }));

  // Only the moves the key's role may make (issue 50): a reviewer is offered no new link, edit, switch or register.
  const denied = deniedKeys('links', useMay());
  useChrome({
    title: 'Links',
    hints: toggle.phase === 'confirming' ? HINTS.confirm : state.editing ? HINTS.searching : permittedHints(HINTS.links, denied),
    typing: state.editing,
    modal: toggle.phase === 'confirming' || state.editing,
  });

  useScreenKeys(
    (stroke) =>
      applyDecision(actionKeys(toggling.current(), stroke), toggleDispatch) ||
      (!current().editing && isDenied(denied, stroke)) ||
      applyDecision(
        linksKeys({ state: current(), view, pageSize: visible }, { testId, testName }, stroke),
        dispatch,
        performWith({ open, toggle: (link) => toggleDispatch(toggleRequest(link)) }),
      ),
  );

  const selected = selectedRow(state, view);
  const links = shownRows(state, view);
  const { first, last } = windowOf(state.cursor, links.length, visible);
  const columns = columnsFor(body.columns, [7, 'flex', 10, 12], [0]);
  return (
    <Box flexDirection="column">
      <Text>
        Links of <Text bold>{testName}</Text>
      </Text>
      <Row header columns={columns} cells={['ID', 'NAME', 'STATUS', 'ACCESS']} />
      {links.slice(first, last).map((link, index) => (
        <Row
          key={link.testLinkId}
          columns={columns}
          selected={first + index === state.cursor}
          cells={[String(link.testLinkId), link.testLinkName, <StatusText status={linkStateText(link)} />, accessModeName(link.accessTime)]}
        />
      ))}
      {state.remote.phase === 'loading' ? <Text dimColor>Loading links…</Text> : null}
      {state.remote.phase === 'ready' && state.remote.value.length === 0 ? <Text dimColor>No links yet: press n to create one.</Text> : null}
      {state.remote.value?.length ? <ListPosition state={state} view={view} visible={visible} focus={active} /> : null}
      {state.remote.phase === 'failed' ? <FailureText failure={state.remote.failure} hint="(r to retry)" /> : null}
      {selected ? (
        <Box flexDirection="column" marginTop={1}>
          <Text wrap="truncate-end">{accessText(selected)}</Text>
          <Text wrap="truncate-end">
            Invite only {yesNo(selected.inviteCandidateOnly)} · proctoring {yesNo(selected.imageProctoring)} · stakeholder{' '}
            {selected.emailToStakeholder ?? 'nobody'}
          </Text>
          <Text wrap="truncate-end">Public page {publicLinkUrl(baseUrl, selected)}</Text>
        </Box>
      ) : null}
      {toggle.phase === 'confirming' ? <Confirm question={toggleQuestion(toggle.action)} /> : null}
      {toggle.phase === 'running' ? <Text dimColor>Saving…</Text> : null}
      {toggle.phase === 'done' ? <Text color="green">✓ {toggle.message}</Text> : null}
      {toggle.phase === 'failed' ? <FailureText failure={toggle.failure} /> : null}
    </Box>
  );
};
