import type { DownloadProgress } from '@assay/client';
import cliProgress from 'cli-progress';
import { activityBarText } from '../format/activity-bar.js';
import { isInteractive, type CliIo } from './cli-io.js';

export interface ProgressReporter {
  onProgress?: (progress: DownloadProgress) => void;
  stop(): void;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * A progress bar on stderr while a file downloads — only on an interactive terminal and never with `--json`,
 * so scripts and pipes see nothing but the result. The Excel export is streamed without a length: then an
 * activity bar moves as bytes arrive, beside the bytes received, instead of a fraction.
 */
export const progressReporter = (io: CliIo, json: boolean | undefined, label: string): ProgressReporter => {
  if (json || !isInteractive(io)) return { stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: io.stderr as NodeJS.WritableStream as NodeJS.WriteStream,
      format: (options, params, payload: { size: string }) =>
        params.total > 0
          ? `${label} ${cliProgress.Format.BarFormat(params.progress, options)} ${Math.round(params.progress * 100)}% ${payload.size}`
          : `${label} ${activityBarText(params.value, options.barsize ?? 40)} ${payload.size}`,
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    onProgress: ({ loaded, total }) => {
      if (!started) {
        bar.start(total ?? 0, 0, { size: kib(0) });
        started = true;
      }
      if (total !== undefined && total !== bar.getTotal()) bar.setTotal(total);
      bar.update(loaded, { size: total === undefined ? kib(loaded) : `${kib(loaded)} of ${kib(total)}` });
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
};
