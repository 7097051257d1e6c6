import type { Json, JsonObject } from './json-walk.js';

/** The Standard Webhooks headers every callback carries. */
const signatureHeaders: Json[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The message id: the same on every retry of one event, so receivers deduplicate on it.',
    schema: { type: 'string', minLength: 1 },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'When this attempt was signed, in Unix seconds; part of the signed content.',
    schema: { type: 'string', pattern: '^[0-9]{1,12}$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated "v1,<base64 HMAC-SHA256 of webhook-id.webhook-timestamp.body>" entries, one per active ' +
      'secret (two during the 24 hours after a rotation): accept the message if any entry verifies.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
  },
];

/** How a receiver's answer is read (packages/delivery/src/deliver.ts). */
const deliveryAnswers: JsonObject = {
  '2XX': { description: 'Received: the callback is not sent again.' },
  '410': { description: 'Gone: Assay stops delivering this callback.' },
  default: {
    description:
      'Anything else, a redirect or no answer within the time-out is retried for more than a day ' +
      '(5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, plus jitter), honouring Retry-After.',
  },
};

/**
 * The callbacks as OpenAPI 3.1 webhooks — the completion callback (spec section 6) and the opt-in submitted event
 * (an Assay extension, to the submittedCallbackURL): what Assay POSTs to a candidate's
 * callbackURL, signed per Standard Webhooks (packages/delivery/src/signing.ts), and how the answer is read
 * (packages/delivery/src/deliver.ts).
 */
export const completionWebhooks: JsonObject = {
  completionCallback: {
    post: {
      operationId: 'completionCallback',
      tags: ['webhooks'],
      summary: 'A candidate completed a test (sent to the callbackURL given at registration)',
      description:
        'Sent once the report is scored, signed per Standard Webhooks (https://www.standardwebhooks.com/) with the ' +
        "organization's whsec_ secrets (GET /v2/org/webhooks). Verify the signature over the raw body before parsing, " +
        'reject stale timestamps, and deduplicate on webhook-id: a retry repeats the same id and body. With the ' +
        'trailingSpaceKeys setting (POST /v2/org/webhooks/settings) the keys TotalScore, CandidateScore and ' +
        "ReportPDFUrl carry a trailing space, as in the spec's sample. ReportPDFUrl opens the report PDF without an API key for 30 days.",
      security: [],
      parameters: signatureHeaders,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/CompletionCallback' } } },
      },
      responses: deliveryAnswers,
    },
  },
  submittedEvent: {
    post: {
      operationId: 'submittedEvent',
      tags: ['webhooks'],
      summary: 'A candidate submitted a test (Assay extension, sent to the submittedCallbackURL given at registration)',
      description:
        'Opt-in: sent only to a candidate registered with a submittedCallbackURL, as soon as the submitted attempt is ' +
        'scored, before any grading ends; signed, retried and listed in the deliveries like the completion callback ' +
        '(verify and deduplicate it the same way). Sent for every submission: AwaitingReview counts the answers waiting ' +
        "for a person's grade, 0 when none does. The completion callback still goes to the callbackURL once the report is final.",
      security: [],
      parameters: signatureHeaders,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/SubmittedEvent' } } },
      },
      responses: deliveryAnswers,
    },
  },
  invitationStatusCallback: {
    post: {
      operationId: 'invitationStatusCallback',
      tags: ['v3'],
      summary: 'An invitation made through v3 started or ended (sent to its callbackUrl, twice)',
      description:
        'iMocha v3\'s notifications (docs/v3.md#callbacks): Status "In Progress" when the candidate starts, then ' +
        '"Complete", "Test Left" or "Terminated" once the report is scored. Signed, retried and listed in the deliveries like ' +
        "the completion callback (verify and deduplicate it the same way). AttemptedOn is the start in the link's time " +
        'zone, AttemptedOnUtc the same instant in UTC (decision 915). Invitations made through v2 get the completion callback instead.',
      security: [],
      parameters: signatureHeaders,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/V3Callback' } } },
      },
      responses: deliveryAnswers,
    },
  },
  greenhouseTestCompleted: {
    patch: {
      operationId: 'greenhouseTestCompleted',
      tags: ['greenhouse'],
      summary: 'Greenhouse: a test is completed (PATCH to the url of its send_test)',
      description:
        'Greenhouse’s "PATCH - Mark Test as Completed": no body, HTTP Basic with the credentials set by PUT /v2/org/integrations/greenhouse. ' +
        'Sent once the report is generated (no answer awaits a grade), retried and listed in the deliveries like the completion callback ' +
        '(kind greenhouse_patch); Greenhouse then calls test_status.',
      security: [],
      responses: deliveryAnswers,
    },
  },
};
