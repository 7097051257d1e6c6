import { z } from 'zod';
import { Id } from '../ids.js';
import { plainText } from '../schemas/text-fields.js';
import { QuestionEventInputs } from './question-signals.js';

// What the page reports while the attempt runs (events, camera snapshots) and the proctoring counters it gets back.

const eventAt = z.iso.datetime({ offset: true, error: 'at must be an ISO-8601 date-time' }).check(plainText('at'));

/**
 * What the page reports as it happens: leaving and coming back (`unload`: the page is being closed or reloaded,
 * which counts as leaving only if it is not back within seconds), which section the candidate opened (the
 * report shows the time spent per section), and the question events of question-signals.ts (time per question,
 * pastes and large insertions by size, the first keystroke).
 */
export const ProctoringEventInput = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.enum(['left', 'returned', 'unload']), at: eventAt }),
      z.object({ type: z.literal('section'), at: eventAt, sectionId: Id }),
      // The camera stopped or was taken away during the attempt: an image violation (decision 971).
      z.object({ type: z.literal('camera-off'), at: eventAt }),
      ...QuestionEventInputs,
    ],
    { error: 'type must be "left", "returned", "unload", "section", "camera-off", "question", "paste", "insertion" or "keystroke"' },
  )
  .meta({ id: 'ProctoringEventBody' });
export type ProctoringEventInput = z.infer<typeof ProctoringEventInput>;

export const SnapshotInput = z
  .object({
    image: z
      .string()
      .max(700_000, { error: 'image must be at most about 500 kB' })
      .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/, {
        error: 'image must be a base64 data URL of a JPEG, PNG or WebP image (data:image/jpeg;base64,…, data:image/png;base64,… or data:image/webp;base64,…)',
      })
      .check(plainText('image')),
  })
  .meta({ id: 'SnapshotBody' });
export type SnapshotInput = z.infer<typeof SnapshotInput>;

/** The attempt's proctoring counters after an event: window violations and seconds away. */
export const ViolationCounts = z.object({
  wv: z.int(),
  tv: z.int(),
  terminated: z
    .boolean()
    .optional()
    .meta({ description: "Present (true) when this departure took the count over the test's violation limit: the attempt has ended (decision 942)." }),
  iv: z.int().nonnegative().optional().meta({ description: 'Image violations so far: present when this event or snapshot counted one (decision 971).' }),
});
export type ViolationCounts = z.infer<typeof ViolationCounts>;

/** A stored snapshot; with `iv` (and `terminated`) when it showed nothing and was counted as an image violation (decision 972). */
export const SnapshotSaved = z.object({
  snapshotId: z.int(),
  iv: ViolationCounts.shape.iv,
  terminated: z
    .boolean()
    .optional()
    .meta({ description: "Present (true) when this snapshot took the count over the test's image limit: the attempt has ended." }),
});
export type SnapshotSaved = z.infer<typeof SnapshotSaved>;
