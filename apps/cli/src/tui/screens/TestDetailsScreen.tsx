import type { TestDetails } from '@assay/domain/schemas';
import { Box } from 'ink';
import { Text } from '../components/Text.js';
import { DownloadPanel, useDownload } from '../components/DownloadPanel.js';
import { FailureText } from '../components/FailureText.js';
import { columnsFor, Row } from '../components/Row.js';
import { StatusText } from '../components/StatusText.js';
import { useConnection } from '../shell/client-context.js';
import { applyDecision } from '../input/key-decision.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { performWith } from '../shell/screen-effects.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { downloadKeys } from '../state/download-state.js';
import { initialRemote, remoteCallKey, remoteReducer } from '../state/remote-state.js';
import { testDetailsKeys } from '../state/screen-keys.js';
import { HINTS } from '../hints.js';
import { useMay } from '../shell/capabilities-context.js';
import { deniedKeys, isDenied, permittedHints } from '../state/key-permissions.js';
import { AiCheckPanelView, useAiCheckPanel } from '../components/AiCheckPanel.js';
import { poolLinesOf, useVersionList, VersionLine } from '../components/VersionLine.js';

export const TestDetailsScreen = ({ testId }: { testId: number }) => {
  const { client } = useConnection();
  const { body, open } = useScreenSlot();
  const { state, send: dispatch, current } = useMachine(remoteReducer<TestDetails>, initialRemote<TestDetails>);
  const exporting = useDownload((options) => client.reports.excel(testId, options));
  const download = exporting.state;

  useCall(
    remoteCallKey(state, `test:${testId}`),
    (signal) => client.tests.get(testId, { signal }),
    (value) => dispatch({ type: 'loaded', value }),
    (failure) => dispatch({ type: 'failed', failure }),
  );

  const test = state.value;
  const naming = download.phase === 'naming';
  // Only the moves the key's role may make (issue 50): a reviewer is offered no invite or bulk invite.
  const may = useMay();
  const denied = deniedKeys('testDetails', may);
  const aiCheck = useAiCheckPanel(testId);
  const versions = useVersionList(testId);
  useChrome({
    title: test ? test.testName : `Test ${testId}`,
    hints: naming ? HINTS.naming : permittedHints(HINTS.testDetails, denied),
    typing: naming,
    modal: naming,
  });

  useScreenKeys(
    (stroke) =>
      applyDecision(downloadKeys(exporting.current(), stroke), exporting.send) ||
      (exporting.current().phase !== 'naming' && isDenied(denied, stroke)) ||
      aiCheck.keys(stroke) ||
      applyDecision(testDetailsKeys(current(), testId, stroke), dispatch, performWith({ open, export: (path) => exporting.send({ type: 'start', path }) })),
  );

  const columns = columnsFor(body.columns, ['flex', 20, 11, 10], [2, 3]);
  return (
    <Box flexDirection="column">
      {state.phase === 'loading' && !test ? <Text dimColor>Loading test {testId}…</Text> : null}
      {test ? (
        <>
          <Text>
            <Text bold>{test.testName}</Text> <Text dimColor>#{test.testId}</Text> · <StatusText status={test.testStatus} /> · {test.questions} questions ·{' '}
            {test.duration} min
          </Text>
          <Text dimColor>Access key {test.accessKey}</Text>
          <VersionLine list={versions} width={body.columns} />
          <Text> </Text>
          <Row header columns={columns} cells={['SECTION', 'TYPE', 'QUESTIONS', 'DURATION']} />
          {test.sections.map((section, index) => (
            <Row key={index} columns={columns} cells={[section.sectionName, section.sectionType, String(section.questions), `${section.duration} min`]} />
          ))}
        </>
      ) : null}
      {state.phase === 'failed' ? <FailureText failure={state.failure} hint="(r to retry)" /> : null}
      <DownloadPanel state={download} width={body.columns} />
      {test ? (
        <AiCheckPanelView
          panel={aiCheck.panel}
          layout={{
            testId,
            width: body.columns,
            rows: body.rows - 6 - test.sections.length - poolLinesOf(versions).length,
            mayStart: may('change-test-links'),
          }}
        />
      ) : null}
    </Box>
  );
};
