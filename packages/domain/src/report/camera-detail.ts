import { z } from 'zod';
import { CAMERA_GAP_SIGNAL_MINUTES, expectedPhotosOf } from '../candidate/camera-coverage.js';
import type { Invitation } from '../records/invitation.js';

/**
 * `/details` `integrity.camera` (issue 59 item 8, decision 1143): the attempt's link required the camera when it
 * started, and — once it ended — how many photos came of how many the page sends, and the longest stretch without one.
 */
export const CameraDetail = z
  .object({
    required: z.literal(true).meta({ description: 'The link took camera snapshots (imageProctoring) when the attempt started.' }),
    photos: z.int().nonnegative().optional().meta({ description: 'Snapshots received during the attempt; absent while it runs.' }),
    expectedPhotos: z.int().positive().optional().meta({
      description: 'What the page sends for the attempt’s length: one at the start, then one a minute; absent while it runs.',
    }),
    longestGapMinutes: z
      .int()
      .nonnegative()
      .optional()
      .meta({
        description: `The longest stretch of the attempt without a photo, in whole minutes; ${CAMERA_GAP_SIGNAL_MINUTES} or more is a signal (integrity.summary.cameraGapMinutes). Absent while it runs.`,
      }),
  })
  .meta({ id: 'CameraDetail' });
export type CameraDetail = z.infer<typeof CameraDetail>;

/**
 * The camera as the attempt's own rules and coverage say (decision 1140 fixes the rules at the start); absent for an
 * attempt without a camera, not started, or started before migration 052 (no rules stored: nothing to say for sure).
 */
export const cameraDetailOf = (invitation: Pick<Invitation, 'rules' | 'cameraCoverage' | 'startedAt' | 'completedAt'>): CameraDetail | undefined => {
  if (!invitation.rules?.cameraRequired) return undefined;
  const coverage = invitation.cameraCoverage;
  const { startedAt, completedAt } = invitation;
  if (!coverage || startedAt === null || completedAt === null) return { required: true };
  return {
    required: true,
    photos: coverage.photos,
    expectedPhotos: expectedPhotosOf((completedAt - startedAt) / 1000),
    longestGapMinutes: Math.floor(coverage.longestGapSeconds / 60),
  };
};

/** The summary's stretch without photos: the longest one when it is a signal, else null. */
export const cameraGapOfDetail = (camera: CameraDetail | undefined): number | null => {
  const minutes = camera?.longestGapMinutes;
  return minutes !== undefined && minutes >= CAMERA_GAP_SIGNAL_MINUTES ? minutes : null;
};
