import { z } from 'zod';

/** How often the page sends a camera snapshot: one at the start, then one a minute (apps/candidate-web's camera). */
export const SNAPSHOT_EVERY_MS = 60_000;

/**
 * How well the camera covered a camera-proctored attempt (issue 59 item 8, decision 1143), reckoned when the attempt
 * ends and stored with it (`invitations.camera_photos`, `.camera_gap_seconds`, migration 052), so that a retention
 * purge of the snapshots later does not turn it into "no photos".
 */
export const CameraCoverage = z.object({
  photos: z.int().nonnegative().meta({ description: 'Snapshots received during the attempt.' }),
  longestGapSeconds: z.int().nonnegative().meta({ description: 'The longest stretch of the attempt without one, from its start to its end.' }),
});
export type CameraCoverage = z.infer<typeof CameraCoverage>;

/**
 * A stretch this long without a photo is a signal: three of the page's intervals, so that one or two lost uploads (a
 * network hiccup, a throttled background tab) are not, while a camera that sends nothing for three minutes is.
 */
export const CAMERA_GAP_SIGNAL_MINUTES = (3 * SNAPSHOT_EVERY_MS) / 60_000;

/** The photos and the longest stretch without one between `startedAt` and `endedAt`; snapshots outside are not counted. */
export const cameraCoverageOf = (startedAt: number, endedAt: number, takenAt: readonly number[]): CameraCoverage => {
  const end = Math.max(startedAt, endedAt);
  const inside = takenAt.filter((at) => at >= startedAt && at <= end).sort((a, b) => a - b);
  const points = [startedAt, ...inside, end];
  let longest = 0;
  for (let index = 1; index < points.length; index += 1) longest = Math.max(longest, points[index]! - points[index - 1]!);
  return { photos: inside.length, longestGapSeconds: Math.floor(longest / 1000) };
};

/** The photos the page sends in `seconds` of an attempt: one at the start, then one a minute. */
export const expectedPhotosOf = (seconds: number): number => 1 + Math.floor((Math.max(0, seconds) * 1000) / SNAPSHOT_EVERY_MS);

/** Whole minutes of the longest stretch without a photo when it is a signal (at least three intervals), else null. */
export const cameraGapMinutesOf = (longestGapSeconds: number): number | null => {
  const minutes = Math.floor(longestGapSeconds / 60);
  return minutes >= CAMERA_GAP_SIGNAL_MINUTES ? minutes : null;
};
