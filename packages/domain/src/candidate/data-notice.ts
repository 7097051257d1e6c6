import { z } from 'zod';
import { CandidateFacingOrg } from '../schemas/candidate-page.js';

/**
 * What the attempt records about the candidate, by kind: the page words each (decision 881). Every attempt records
 * its answers, its window departures and its pastes and keystroke timing (time per question, first keystroke, pastes
 * and large insertions: question-signals.ts); code playback only where a question takes code; photos only with the
 * camera on.
 */
export const RecordedKind = z.enum(['answers', 'window-departures', 'pastes-and-keystroke-timing', 'code-playback', 'camera-snapshots']);
export type RecordedKind = z.infer<typeof RecordedKind>;

/**
 * Told before start (issue 51 item 4, GDPR Art. 13): who holds the candidate's data, whom to ask about it, what is
 * recorded and for how long. `retentionDays`: how long after the invitation ends it is kept; null while the org has
 * no retention rule the page can state (the page then says to ask the holder).
 */
export const DataNotice = z
  .object({
    holder: z.string(),
    contact: CandidateFacingOrg.omit({ displayName: true }),
    recorded: z.array(RecordedKind),
    retentionDays: z.int().positive().nullable(),
  })
  .meta({ id: 'DataNotice' });
export type DataNotice = z.infer<typeof DataNotice>;

export interface DataNoticeFacts {
  /** The org as its candidate pages show it (`candidateFacingOrg`). */
  readonly org: CandidateFacingOrg;
  /** The test's link has the camera on. */
  readonly imageProctoring: boolean;
  /** Some question of the candidate's test takes code: its versions are kept for playback. */
  readonly takesCode: boolean;
  /** The org's retention of ended invitations, in days; null: none set. */
  readonly retentionDays: number | null;
}

/** The notice of one attempt, from what the server knows of its org, link and test. */
export const dataNoticeOf = ({ org, imageProctoring, takesCode, retentionDays }: DataNoticeFacts): DataNotice => ({
  holder: org.displayName,
  contact: { contactName: org.contactName, contactEmail: org.contactEmail, contactUrl: org.contactUrl },
  recorded: [
    'answers',
    'window-departures',
    'pastes-and-keystroke-timing',
    ...(takesCode ? (['code-playback'] as const) : []),
    ...(imageProctoring ? (['camera-snapshots'] as const) : []),
  ],
  retentionDays: retentionDays !== null && Number.isInteger(retentionDays) && retentionDays > 0 ? retentionDays : null,
});
