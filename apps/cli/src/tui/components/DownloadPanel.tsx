import type { DownloadOptions, FileDownload } from '@assay/client';
import { Box } from 'ink';
import { Text } from './Text.js';
import { resolve } from 'node:path';
import { useConnection } from '../shell/client-context.js';
import { saveAsNewFile } from '../shell/save-new-file.js';
import { useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine, type Machine } from '../shell/use-machine.js';
import { downloadCallKey, downloadReducer, idleDownload, type DownloadEvent, type DownloadState } from '../state/download-state.js';
import { activityBarText } from '../../format/activity-bar.js';
import { Bar } from './Bar.js';
import { FailureText } from './FailureText.js';
import { TextField } from './TextField.js';

/** A download driven by its reducer: the file is streamed to disk, progress as it comes, never over an existing file. */
export const useDownload = (request: (options: DownloadOptions) => Promise<FileDownload>): Machine<DownloadState, DownloadEvent> => {
  const { downloadDir } = useConnection();
  const machine = useMachine(downloadReducer, idleDownload);
  const { state, send: dispatch } = machine;
  useCall(
    downloadCallKey(state),
    (signal) =>
      saveAsNewFile(
        request({ signal, onProgress: ({ loaded, total }) => dispatch({ type: 'progress', loaded, total }) }),
        resolve(downloadDir, state.phase === 'downloading' ? state.path : '.'),
      ),
    (saved) => dispatch({ type: 'finished', bytes: saved.bytes, path: saved.path }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  return machine;
};

const barWidth = (width: number) => Math.max(10, Math.min(30, width - 50));

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`);

/** The path prompt, the progress bar, or the outcome; nothing while idle. */
export const DownloadPanel = ({ state, width }: { state: DownloadState; width: number }) => {
  const { active } = useScreenSlot();
  if (state.phase === 'idle') return null;
  return (
    <Box flexDirection="column" marginTop={1}>
      {state.phase === 'naming' ? (
        <Box>
          <Text>Save to: </Text>
          <TextField input={{ value: state.path, caret: state.caret }} focus={active} />
          <Text dimColor> (Enter saves, Esc cancels)</Text>
        </Box>
      ) : null}
      {state.phase === 'downloading' ? (
        <Text>
          Downloading {state.path}{' '}
          {state.total ? (
            <Bar fraction={state.loaded / state.total} width={barWidth(width)} color="cyan" />
          ) : (
            <Text color="cyan">{activityBarText(state.loaded, barWidth(width))}</Text>
          )}{' '}
          {state.total ? `${Math.round((state.loaded / state.total) * 100)}% of ${size(state.total)}` : size(state.loaded)}
        </Text>
      ) : null}
      {state.phase === 'saved' ? (
        <Text>
          <Text color="green">✓</Text> Saved {state.path} ({size(state.bytes)})
        </Text>
      ) : null}
      {state.phase === 'failed' ? <FailureText failure={state.failure} hint="(any key)" /> : null}
    </Box>
  );
};
