import { Box } from 'ink';
import { readdir } from 'node:fs/promises';
import { FailureText } from '../components/FailureText.js';
import { FieldRow, fieldColumns } from '../components/FieldRow.js';
import { Text } from '../components/Text.js';
import { TextField } from '../components/TextField.js';
import { IMPORTABLE_FILE, importFile } from '../data/import-file.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { importCallKey, importFileKeys, importFileReducer, initialImportFile } from '../state/import-file-state.js';

/** Rows the outcome leaves for the rest: the title line, a blank, and the line saying what was left unshown. */
const CHROME_ROWS = 3;

/** The test files and banks of the working directory, to pick with ↑↓ (none when it cannot be read). */
const importableFilesHere = async (): Promise<string[]> =>
  (await readdir(process.cwd()).catch(() => [] as string[]))
    .filter((name) => IMPORTABLE_FILE.test(name))
    .sort()
    .slice(0, 50);

/** As many of `lines` as fit `rows` rows of `columns` columns, each wrapped; the rest is counted, not shown. */
const linesFitting = (lines: readonly string[], columns: number, rows: number): { shown: readonly string[]; left: number } => {
  let used = 0;
  let count = 0;
  for (const line of lines) {
    const height = Math.max(1, Math.ceil([...line].length / Math.max(1, columns)));
    if (used + height > rows) break;
    used += height;
    count += 1;
  }
  return { shown: lines.slice(0, count), left: lines.length - count };
};

/**
 * Import a file from the TUI (issue 62 items 3 and 6): a test file is linted as `assay tests push` lints it (each
 * problem at its line and column, its solutions run on the server) and imported when nothing is wrong; a Moodle XML or
 * GIFT bank becomes a new test, with what was skipped and what was not carried over. Enter opens the test made.
 */
export const ImportFileScreen = () => {
  const { client } = useConnection();
  const { active, body, open } = useScreenSlot();
  const { state, send: dispatch, current } = useMachine(importFileReducer, initialImportFile);

  useCall(
    'found',
    () => importableFilesHere(),
    (paths) => dispatch({ type: 'found', paths }),
    () => {},
  );
  useCall(
    importCallKey(state),
    (signal) => importFile(client, state.path.value.trim(), signal),
    (outcome) => dispatch({ type: 'imported', outcome }),
    (failure) => dispatch({ type: 'failed', failure }),
  );

  const choosing = state.phase === 'choosing';
  useChrome({
    title: 'Import a test file or a question bank',
    hints: state.phase === 'done' ? (state.outcome.kind === 'imported' ? HINTS.importDone : [HINTS.importDone[1]!]) : HINTS.importFile,
    typing: choosing,
  });
  useScreenKeys((stroke) => applyDecision(importFileKeys(current(), stroke), dispatch, open));

  const columns = fieldColumns(body.columns, 8);
  const width = Math.min(60, body.columns - 12);
  if (state.phase === 'done') {
    const { shown, left } = linesFitting(state.outcome.lines, body.columns, body.rows - CHROME_ROWS);
    return (
      <Box flexDirection="column">
        <Text wrap="truncate-end" color={state.outcome.kind === 'imported' ? 'green' : 'red'}>
          {state.outcome.kind === 'imported' ? '✓ ' : '✗ '}
          {state.path.value.trim()}
        </Text>
        <Text> </Text>
        {shown.map((line, index) => (
          // Lines repeat (blank ones): their place is their identity, and they never move.
          <Text key={index} wrap="wrap">
            {line === '' ? ' ' : line}
          </Text>
        ))}
        {left > 0 ? <Text dimColor>…and {String(left)} more lines: `assay tests import FILE` prints them all.</Text> : null}
      </Box>
    );
  }
  return (
    <Box flexDirection="column">
      <FieldRow columns={{ ...columns, value: Math.max(columns.value, width) }} label="File" focused={choosing}>
        <TextField
          input={{ value: state.path.value, caret: choosing ? state.path.caret : 0 }}
          placeholder="screen.yaml"
          focus={active && choosing}
          width={width}
        />
      </FieldRow>
      {state.found.length > 0 ? <Text dimColor>↑↓ {String(state.found.length)} files here to pick from</Text> : null}
      <Text dimColor>A test file (.yaml, .yml, .json) is linted, its solutions run on the server, then imported.</Text>
      <Text dimColor>A bank (Moodle .xml, GIFT .gift or .txt) becomes a new test; what it could not carry is listed.</Text>
      {state.phase === 'importing' ? <Text dimColor>Importing {state.path.value.trim()}…</Text> : null}
      {state.failure ? <FailureText failure={state.failure} /> : null}
    </Box>
  );
};
