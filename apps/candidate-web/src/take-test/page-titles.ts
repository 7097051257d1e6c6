import type { CandidateSession } from '@assay/domain/candidate';
import type { FinishReason } from './finish-views.js';

/** The page title of a landing, by why the test can or cannot be started. */
export const LANDING_TITLE: Record<CandidateSession['access']['verdict'], string> = {
  open: 'Start the test',
  notYetOpen: 'Not open yet',
  outsideDailyWindow: 'Not open now',
  closed: 'Closed',
  linkInactive: 'Not available',
  testInactive: 'Not available',
  cancelled: 'Invitation cancelled',
  completed: 'Completed',
};

/** The page title of the end, by how it ended. */
export const FINISH_TITLE: Record<FinishReason, string> = {
  submitted: 'Test submitted',
  timeUp: 'Time is up: test submitted',
  alreadyCompleted: 'Test completed',
  terminated: 'Test ended',
};
