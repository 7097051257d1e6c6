import { REPORT_STATUS } from '../invitation-status-names.js';
import type { ReportStatus } from '../schemas/report.js';

/** The HTTP Basic credentials Greenhouse issued to the org for its PATCH endpoint. */
export interface GreenhouseCallbackCredentials {
  readonly username: string;
  readonly password: string;
}

export type GreenhousePatchDecision =
  /** PATCH the interview's `url`, no body, with these credentials. */
  | { readonly kind: 'send'; readonly method: 'PATCH'; readonly credentials: GreenhouseCallbackCredentials }
  /** The report is not Generated (scoring, or a person's grade awaited): look again later; the last grade releases it. */
  | { readonly kind: 'wait'; readonly reportStatus: Exclude<ReportStatus, 'Generated'> }
  /** Nothing can be sent: said in the delivery log; polling still works, and a redelivery sends it once configured. */
  | { readonly kind: 'cannot'; readonly reason: string };

export const NOT_CONFIGURED =
  'no Greenhouse callback credentials for this org: set them with PUT /v2/org/integrations/greenhouse, then redeliver (Greenhouse still polls test_status)';

/**
 * Whether the PATCH "test completed" goes now (decision 455). It tells Greenhouse to call test_status, which says
 * "complete" only once the report is Generated, so the PATCH waits for the same moment as the completion callback.
 */
export const decideGreenhousePatch = (reportStatus: ReportStatus, credentials: GreenhouseCallbackCredentials | undefined): GreenhousePatchDecision => {
  if (reportStatus !== REPORT_STATUS.generated) return { kind: 'wait', reportStatus };
  if (credentials === undefined) return { kind: 'cannot', reason: NOT_CONFIGURED };
  return { kind: 'send', method: 'PATCH', credentials };
};
