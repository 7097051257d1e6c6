import type { ImportedTest } from '@assay/domain/schemas';
import type { ReadyTestSummary } from '@assay/domain/library';
import { Box } from 'ink';
import { useState } from 'react';
import { Confirm } from '../components/Confirm.js';
import { FailureText } from '../components/FailureText.js';
import { columnsFor, Row } from '../components/Row.js';
import { Text } from '../components/Text.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useMe } from '../shell/capabilities-context.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { actionCallKey, actionKeys, actionReducer, idleAction } from '../state/action-state.js';
import { libraryKeys, movedCursor } from '../state/library-keys.js';
import { initialRemote, remoteCallKey, remoteReducer } from '../state/remote-state.js';

/** Rows the list leaves for the rest: its header, the highlighted test's description and skills, the prompt. */
const CHROME_ROWS = 7;

/**
 * The library's ready tests for roles (issue 62 item 2, docs/library.md): ↑↓ to one, Enter (after a y) makes it the
 * org's new test and opens it, ready for links and invitations. A key that may not import (a reviewer) only reads.
 */
export const LibraryScreen = () => {
  const { client } = useConnection();
  const { body, open } = useScreenSlot();
  const mayImport = useMe()?.capabilities.includes('import-tests') === true;
  const { state: remote, send: dispatch } = useMachine(remoteReducer<ReadyTestSummary[]>, initialRemote<ReadyTestSummary[]>);
  const { state: action, send: act, current: actionNow } = useMachine(actionReducer<ReadyTestSummary>, idleAction<ReadyTestSummary>);
  const [cursor, setCursor] = useState(0);
  const tests = remote.value ?? [];
  const highlighted = tests[Math.min(cursor, tests.length - 1)];

  useCall(
    remoteCallKey(remote, 'library-tests'),
    (signal) => client.library.readyTests({ signal }),
    (value) => dispatch({ type: 'loaded', value }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useCall(
    actionCallKey(action),
    async (signal): Promise<ImportedTest> => {
      if (action.phase !== 'running') throw new Error('no import running');
      return client.library.import({ readyTest: action.action.id }, { signal });
    },
    (test) => {
      act({ type: 'succeeded', message: `Imported "${test.testName}" as test ${test.testId}.` });
      open({ screen: 'test', testId: test.testId });
    },
    (failure) => act({ type: 'failed', failure }),
  );

  useChrome({ title: 'Library · ready tests', hints: action.phase === 'confirming' ? HINTS.confirm : HINTS.library, modal: action.phase === 'confirming' });
  useScreenKeys((stroke) => {
    if (actionNow().phase !== 'idle' && applyDecision(actionKeys(actionNow(), stroke), act)) return true;
    return applyDecision(libraryKeys(stroke), (event) => {
      if (event.type === 'reload') dispatch({ type: 'reload' });
      else if (event.type === 'move') setCursor((now) => movedCursor(now, event.delta, tests.length));
      else if (highlighted && mayImport) act({ type: 'ask', action: highlighted, confirm: true });
    });
  });

  if (!remote.value)
    return remote.phase === 'failed' ? <FailureText failure={remote.failure} hint="(r to retry)" /> : <Text dimColor>Loading the library…</Text>;
  const columns = columnsFor(body.columns, ['flex', 7, 10, 9], [2, 3]);
  const shown = Math.max(1, body.rows - CHROME_ROWS);
  const first = Math.max(0, Math.min(cursor - shown + 1, tests.length - shown));
  return (
    <Box flexDirection="column">
      <Row header columns={columns} cells={['ROLE', 'LEVEL', 'QUESTIONS', 'DURATION']} />
      {tests.slice(first, first + shown).map((test, index) => (
        <Row
          key={test.id}
          columns={columns}
          selected={first + index === cursor}
          cells={[test.role, test.level, String(test.questions), `${test.duration} min`]}
        />
      ))}
      {highlighted ? (
        <Box flexDirection="column" marginTop={1}>
          <Text wrap="truncate-end" bold>
            {highlighted.testName} ({highlighted.id})
          </Text>
          <Text wrap="truncate-end">{highlighted.description}</Text>
          <Text wrap="truncate-end" dimColor>
            Skills: {highlighted.skills.join(', ')}
          </Text>
        </Box>
      ) : (
        <Text dimColor>The library holds no ready tests.</Text>
      )}
      {action.phase === 'confirming' ? <Confirm question={`Import “${action.action.testName}” as a new test of your organization?`} /> : null}
      {action.phase === 'running' ? <Text dimColor>Importing…</Text> : null}
      {action.phase === 'failed' ? <FailureText failure={action.failure} /> : null}
      {!mayImport ? <Text dimColor>Your key reads the library; an admin or recruiter key imports from it.</Text> : null}
    </Box>
  );
};
