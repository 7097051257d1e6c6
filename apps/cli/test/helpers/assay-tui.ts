import { CLI_MAIN } from './built-packages.js';
import { serverUrl } from './org.js';
import { TmuxTerminal } from './tmux.js';

/**
 * `assay` (the interactive UI) in a real pseudo-terminal (100×30 unless `size` says) against the test server, as
 * the holder of `apiKey` with its config in `cwd`. `env -u CI`: Ink draws only the last frame when it thinks it runs
 * in CI, and a person is at this terminal. The shell lingers after exit, so a test can read what assay printed last.
 */
export const openAssayTui = (apiKey: string, cwd: string, size = { columns: 100, rows: 30 }): TmuxTerminal =>
  new TmuxTerminal(`env -u CI ${process.execPath} ${CLI_MAIN}; echo "assay exited with $?"; sleep 30`, {
    ...size,
    cwd,
    env: { ASSAY_URL: serverUrl(), ASSAY_API_KEY: apiKey, XDG_CONFIG_HOME: cwd, TERM: 'xterm-256color' },
  });
