import { Box } from 'ink';
import { Text } from '../components/Text.js';
import { useEffect } from 'react';
import { FailureText } from '../components/FailureText.js';
import { TextField } from '../components/TextField.js';
import { columnsFor, Row } from '../components/Row.js';
import { StatusText } from '../components/StatusText.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { applyDecision } from '../input/key-decision.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { initialTestList, pageCountOf, shownTests, testListCallKey, testListKeys, testListReducer, totalOf } from '../state/test-list-state.js';
import { HINTS } from '../hints.js';
import { useMe } from '../shell/capabilities-context.js';

/** Rows the list leaves for other lines: its header, the page line, the search line and a failure. */
const CHROME_ROWS = 4;

export const TestListScreen = () => {
  const { client } = useConnection();
  const { body, open, active } = useScreenSlot();
  const pageSize = Math.max(1, body.rows - CHROME_ROWS);
  const { state, send: dispatch, current } = useMachine(testListReducer, () => initialTestList(pageSize));

  useEffect(() => {
    dispatch({ type: 'resize', pageSize });
  }, [pageSize, dispatch]);

  useCall(
    testListCallKey(state),
    async (signal) => {
      const current = state;
      if (current.query.trim() !== '') {
        const tests = [];
        for await (const test of client.tests.all({}, { signal })) tests.push(test);
        return { type: 'catalogLoaded' as const, tests };
      }
      const page = await client.tests.list({ page_no: current.page, page_size: current.pageSize }, { signal });
      return { type: 'pageLoaded' as const, tests: page.tests, count: page.testsCount };
    },
    (event) => dispatch(event),
    (failure) => dispatch({ type: 'failed', failure }),
  );

  // The people screen is an admin key's only (decisions 834, 836): offered where the key may manage people, so neither
  // another role nor a server older than its routes gets `p`.
  const admin = useMe()?.capabilities.includes('manage-people') === true;
  // The retention screen likewise (issue 51): for a key that may change the org's settings.
  const retains = useMe()?.capabilities.includes('change-candidate-page') === true;
  // Importing a file (issue 62 items 3 and 6): for a key that may import tests.
  const imports = useMe()?.capabilities.includes('import-tests') === true;
  useChrome({
    title: 'Tests',
    hints: state.editing
      ? HINTS.searching
      : [
          ...HINTS.testList,
          HINTS.libraryKey,
          ...(imports ? [HINTS.importKey] : []),
          ...(admin ? [HINTS.peopleKey] : []),
          ...(retains ? [HINTS.retentionKey] : []),
        ],
    typing: state.editing,
    modal: state.editing,
  });

  useScreenKeys((stroke) => {
    if (admin && !current().editing && stroke.type === 'char' && stroke.char === 'p') {
      open({ screen: 'people' });
      return true;
    }
    if (!current().editing && stroke.type === 'char' && stroke.char === 'l') {
      open({ screen: 'library' });
      return true;
    }
    if (imports && !current().editing && stroke.type === 'char' && stroke.char === 'i') {
      open({ screen: 'importFile' });
      return true;
    }
    if (retains && !current().editing && stroke.type === 'char' && stroke.char === 'd') {
      open({ screen: 'retention' });
      return true;
    }
    return applyDecision(testListKeys(current(), stroke), dispatch, open);
  });

  const columns = columnsFor(body.columns, [7, 'flex', 10, 10, 9], [0, 2, 3]);
  const rows = shownTests(state);
  return (
    <Box flexDirection="column">
      <Row header columns={columns} cells={['ID', 'NAME', 'QUESTIONS', 'DURATION', 'STATUS']} />
      {rows.map((test, index) => (
        <Row
          key={test.testId}
          columns={columns}
          selected={index === state.cursor}
          cells={[String(test.testId), test.testName, String(test.questions), `${test.duration} min`, <StatusText status={test.testStatus} />]}
        />
      ))}
      {state.phase === 'ready' && rows.length === 0 ? (
        <Text dimColor>
          {state.query
            ? `  No test matches “${state.query}”.`
            : imports
              ? '  No tests yet: l opens the library of ready tests, i imports a test file or a Moodle or GIFT bank.'
              : '  No tests yet: l opens the library of ready tests.'}
        </Text>
      ) : null}
      {/* Nothing loaded yet and the load failed: no page count to show, only the failure below. */}
      {state.phase === 'failed' && state.served === null && state.catalog === null ? null : (
        <Text dimColor>
          {state.phase === 'loading' ? 'Loading… ' : ''}
          {totalOf(state) === null
            ? `Page ${state.page} · the server did not say how many tests there are`
            : `Page ${state.page} of ${pageCountOf(state)} · ${totalOf(state)} ${state.query ? 'matching tests' : 'tests'}`}
        </Text>
      )}
      {state.editing || state.query ? (
        <Box>
          <Text>Search: </Text>
          <TextField input={{ value: state.query, caret: state.caret }} focus={active && state.editing} />
        </Box>
      ) : null}
      {state.phase === 'failed' ? <FailureText failure={state.failure} hint="(r to retry)" /> : null}
    </Box>
  );
};
