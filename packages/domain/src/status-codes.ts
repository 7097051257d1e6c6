/**
 * The status-code catalogue. `statuscode` is `<class>.<subcode>`; the HTTP status line is the class.
 * Only 200.1 and 403.4 come from the spec; every other entry is ours (docs/status-codes.md).
 */
export const statusCatalogue = {
  '200.1': 'Request succeeded',
  '400.1': 'Request body is not valid JSON',
  '400.2': 'Request body failed validation',
  '400.3': 'Path parameter is not a valid id',
  '400.4': 'Query parameter is invalid',
  '400.5': 'Date-time is not in the format YYYY-MM-DDTHH:MM:SS',
  '400.6': 'Start and end date-times are required for this accessTime',
  '400.7': 'End date-time must be after start date-time',
  '400.8': 'Unsupported content type',
  '400.9': 'Unknown timeZoneId',
  '400.10': 'Answer does not fit the question',
  '400.11': 'Callback URL is not allowed',
  '400.12': 'Image is not an accepted JPEG, PNG or WebP',
  '400.13': 'Request URL is malformed',
  '400.14': 'Request is malformed',
  '400.15': 'Request body is not valid UTF-8',
  '400.16': 'Request body charset is not supported',
  '400.17': 'Contact name has no way to reach them',
  '400.18': "Answer is over the question's word limit",
  '400.19': 'Grade does not fit the question',
  '400.20': 'Bulk invitation file could not be read',
  '400.21': 'Reminder hours are out of bounds',
  '400.22': 'Invitation expiry is not in the future',
  '400.29': "Question is not in this candidate's draw",
  '401.1': 'API key is missing',
  '401.2': 'API key is invalid',
  '401.3': 'Admin token is missing or invalid',
  '403.1': 'Admin API is disabled',
  '403.4': 'Operation on resource cannot be performed',
  '403.5': 'Test link is inactive',
  '403.6': 'Test is not open yet',
  '403.7': 'Test access period has ended',
  '403.8': 'Outside the daily access window',
  '403.9': 'Invitation has been cancelled',
  '403.10': 'Test link accepts invited candidates only',
  '403.11': 'Test is already completed',
  '403.12': 'Test is inactive',
  '403.13': 'Test has not been started',
  '403.14': 'Signed report URL is invalid, expired or revoked',
  '403.15': 'Image proctoring is not enabled for this test',
  '403.16': 'Path may not be served',
  '403.17': 'This API key is a reviewer key: it can read and grade, not change anything',
  '404.1': 'Route not found',
  '404.2': 'Test not found',
  '404.3': 'Test link not found',
  '404.4': 'Test invitation not found',
  '404.5': 'Organization not found',
  '404.6': 'API key not found',
  '404.7': 'Candidate session not found',
  '404.8': 'Question not found in this test',
  '404.9': 'Test link not found or not public',
  '404.10': 'Delivery not found',
  '404.11': 'Sample run not found',
  '404.12': 'Integrity evidence not found',
  '404.13': 'Greenhouse interview not found',
  '404.14': 'Bulk invitation job not found',
  '404.15': 'Unsubscribe link not found',
  '405.1': 'Method not allowed',
  '408.1': 'Request took too long to arrive',
  '409.1': 'Request conflicts with the current state of the resource',
  '409.2': 'Sample run has already finished',
  '409.3': 'Answer needs no grade from a person',
  '409.4': 'Test invitation is not completed',
  '413.1': 'Request body is too large',
  '413.2': 'Bulk invitation file has too many rows',
  '414.1': 'Request URL is too long',
  '422.1': 'Idempotency-Key was already used with another request',
  '429.1': 'Too many requests',
  '429.2': 'A sample run is already in progress',
  '429.3': 'Sample run budget used up',
  '431.1': 'Request headers are too large',
  '500.1': 'Internal server error',
  '503.1': 'Service is not ready',
  '503.2': 'Server is busy',
  '503.3': 'Server is shutting down',
  '503.4': 'Database is unavailable',
} as const;

export type StatusCode = keyof typeof statusCatalogue;

/** Every code but success: what a refusal or a failure envelope carries. */
export type FailureCode = Exclude<StatusCode, '200.1'>;

export const describeStatus = (code: StatusCode): string => statusCatalogue[code];

/** The HTTP status line that goes with a statuscode: its class. */
export const httpStatusOf = (code: StatusCode): number => Number(code.slice(0, code.indexOf('.')));

export const statusCodes = Object.keys(statusCatalogue) as StatusCode[];
