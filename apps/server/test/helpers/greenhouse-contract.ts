import { z } from 'zod';

/*
 * Greenhouse's Assessment Partner API as its vendor documents it — grnhse/greenhouse-api-docs,
 * source/includes/assessment/ (_list_tests.md, _send_test.md, _test_status.md, _response_error.md, _errors.md,
 * _introduction.md) — written here from those pages alone, not from Assay's schemas, so that a drift of the
 * server's answers from the contract fails a test. General considerations of the docs: "Properties without a value
 * will use null instead of being undefined"; snake_case names; Greenhouse "reserve[s] the right to add more
 * properties", so requests may carry more than listed (partner_test_name in response_error, for one).
 */

/** _list_tests.md: a list of test objects; both keys required, both Strings. */
export const ListTestsResponse = z.array(z.object({ partner_test_id: z.string(), partner_test_name: z.string() }).strict());

/** _send_test.md: "a single object that contains a single key: partner_interview_id" (String). */
export const SendTestResponse = z.object({ partner_interview_id: z.string() }).strict();

/** A JavaScript primitive: what each metadata value must be ("A non-nested object"). */
const Primitive = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * _test_status.md: "up to four keys". partner_status String, required; partner_profile_url String, "Required only if
 * status is complete"; partner_score Number, optional; metadata Object, optional, non-nested, primitive values.
 */
export const TestStatusResponse = z
  .object({
    partner_status: z.string(),
    partner_profile_url: z.string().nullable().optional(),
    partner_score: z.number().nullable().optional(),
    metadata: z.record(z.string(), Primitive).nullable().optional(),
  })
  .strict()
  .superRefine((status, ctx) => {
    if (status.partner_status === 'complete' && !status.partner_profile_url) {
      // The error Greenhouse itself reports in the response_error example.
      ctx.addIssue({ code: 'custom', message: "partner_status is 'complete' but partner_profile url is missing" });
    }
  });

/** _response_error.md: "The response to a successful response_errors request should contain a response code of 200." */
export const ResponseErrorResponse = z.object({ status: z.literal(200) });

/** _errors.md: the two unsuccessful answers the docs name. */
export const DOCUMENTED_FAILURES = { unauthenticated: 401, notFound: 404 } as const;

/** _send_test.md's request example, as Greenhouse sends it. */
export const sendTestRequest = (partnerTestId: string, overrides: { email?: string; applicationId?: string; url?: string; profileUrl?: string } = {}) => ({
  partner_test_id: partnerTestId,
  candidate: {
    first_name: 'Harry',
    last_name: 'Potter',
    preferred_name: 'The Chosen One',
    resume_url: 'https://hogwarts.com/resume',
    phone_number: '123-456-7890',
    email: overrides.email ?? 'hpotter@hogwarts.edu',
    greenhouse_profile_url: overrides.profileUrl ?? `https://app.greenhouse.io/people/17681532?application_id=${overrides.applicationId ?? '26234709'}`,
  },
  sent_by: 'test_sender@example.org',
  url: overrides.url ?? 'https://app.greenhouse.io/integrations/testing_partners/take_home_tests/12345',
});

/** _introduction.md, Authentication: the key as the Basic user name, with ":" appended, base64-encoded. */
export const greenhouseAuthorization = (apiKey: string, password = ''): string => `Basic ${Buffer.from(`${apiKey}:${password}`, 'utf8').toString('base64')}`;
