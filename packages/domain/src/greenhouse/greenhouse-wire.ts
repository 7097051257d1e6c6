import { z } from 'zod';
import { plainText } from '../schemas/text-fields.js';
import { showsNothing } from '../text/visible-name.js';
import { greenhouseFullName } from './candidate-name.js';

/*
 * The Greenhouse Assessment Partner API as Assay serves it (grnhse/greenhouse-api-docs, source/includes/assessment/):
 * bare arrays and objects in snake_case, never the v2 envelope. These schemas validate what Greenhouse sends and type
 * what Assay answers; the tests check the answers against schemas of their own, written from the vendor's pages.
 */

/** `GET list_tests`: one entry per test of the org; the id is the v2 `testId` as a string. */
export const GreenhouseTest = z
  .object({
    partner_test_id: z.string().meta({ description: 'The v2 testId, as a string.' }),
    partner_test_name: z.string().meta({ description: 'The test name Greenhouse shows as the label.' }),
  })
  .meta({ id: 'GreenhouseTest' });
export type GreenhouseTest = z.infer<typeof GreenhouseTest>;

export const GreenhouseTestList = z.array(GreenhouseTest).meta({ id: 'GreenhouseTestList', description: 'A bare JSON array (no envelope).' });
export type GreenhouseTestList = z.infer<typeof GreenhouseTestList>;

/** A string Greenhouse may also send as null ("properties without a value use null"): kept as text or null. */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string or null` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .check(plainText(field))
    .nullable()
    .optional();

const url = (field: string) =>
  z
    .url({ protocol: /^https?$/, error: `${field} must be an absolute http(s) URL` })
    .max(2048, { error: `${field} must be at most 2048 characters` })
    .check(plainText(field));

export const GreenhouseCandidate = z
  .object({
    // Either may be empty or null (a candidate with one name), not both (decision 803).
    first_name: optionalText('candidate.first_name', 100),
    last_name: optionalText('candidate.last_name', 100),
    // Required by the docs, but a candidate without one comes as null (the docs' general considerations).
    preferred_name: optionalText('candidate.preferred_name', 200),
    email: z
      .email({ error: 'candidate.email must be a valid email address' })
      .max(254, { error: 'candidate.email must be at most 254 characters' })
      .check(plainText('candidate.email')),
    phone_number: optionalText('candidate.phone_number', 100),
    resume_url: optionalText('candidate.resume_url', 2048),
    greenhouse_profile_url: url('candidate.greenhouse_profile_url').meta({
      description: 'The candidate’s Greenhouse application: its application_id query parameter names the interview.',
    }),
  })
  .refine((candidate) => greenhouseFullName(candidate) !== '', {
    error: 'candidate.first_name and candidate.last_name must not both be empty',
    path: ['first_name'],
  })
  // Both made of invisible characters only: no name anyone could see (decision 1008).
  .refine((candidate) => greenhouseFullName(candidate) === '' || !showsNothing(greenhouseFullName(candidate)), {
    error:
      'candidate.first_name and candidate.last_name must contain a visible character: they hold only spaces or invisible characters (such as zero-width spaces)',
    path: ['first_name'],
  })
  .meta({ id: 'GreenhouseCandidate' });
export type GreenhouseCandidate = z.infer<typeof GreenhouseCandidate>;

/** `POST send_test`. */
export const GreenhouseSendTestInput = z
  .object({
    partner_test_id: z
      .string({ error: 'partner_test_id must be a string' })
      .max(40, { error: 'partner_test_id must be at most 40 characters' })
      .check(plainText('partner_test_id')),
    candidate: GreenhouseCandidate,
    sent_by: optionalText('sent_by', 254),
    url: url('url').meta({ description: 'Where Assay sends the PATCH "test completed" (HTTP Basic: the org’s Greenhouse credentials).' }),
  })
  .meta({ id: 'GreenhouseSendTestBody' });
export type GreenhouseSendTestInput = z.infer<typeof GreenhouseSendTestInput>;

export const GreenhouseSendTestAnswer = z
  .object({ partner_interview_id: z.string().meta({ description: 'The same for the same application and test, however often sent.' }) })
  .meta({ id: 'GreenhouseSendTestAnswer' });
export type GreenhouseSendTestAnswer = z.infer<typeof GreenhouseSendTestAnswer>;

export const GreenhouseTestStatusQuery = z.object({
  partner_interview_id: z
    .string({ error: 'partner_interview_id is required' })
    .max(40, { error: 'partner_interview_id must be at most 40 characters' })
    .meta({ description: 'From the send_test answer.' }),
});

/** A metadata value: the docs ask for JavaScript primitives in a non-nested object. */
export const GreenhouseMetadata = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).meta({ id: 'GreenhouseMetadata' });
export type GreenhouseMetadata = z.infer<typeof GreenhouseMetadata>;

/**
 * The docs name one value, "complete" (results available; Greenhouse polls until it sees it). Before that Assay says
 * where the attempt is (decision 451): any other value means "not yet" to Greenhouse.
 */
export const GreenhousePartnerStatus = z.enum(['invited', 'in_progress', 'submitted', 'complete', 'cancelled']).meta({ id: 'GreenhousePartnerStatus' });
export type GreenhousePartnerStatus = z.infer<typeof GreenhousePartnerStatus>;

export const GreenhouseTestStatus = z
  .object({
    partner_status: GreenhousePartnerStatus.meta({
      description:
        '"complete" once the report is generated (the final score: no answer awaits a person); before: invited (not started, or reset), in_progress, submitted (scoring or awaiting a grade), cancelled.',
    }),
    partner_profile_url: z.string().nullable().meta({ description: 'A signed link to the report PDF once complete (30 days); null before.' }),
    partner_score: z.number().nullable().meta({ description: 'The candidate’s score (the v2 report’s score, as a number) once complete; null before.' }),
    metadata: GreenhouseMetadata.nullable(),
  })
  .meta({ id: 'GreenhouseTestStatus' });
export type GreenhouseTestStatus = z.infer<typeof GreenhouseTestStatus>;

/** `POST response_error`: Greenhouse's report of an answer of ours it could not use. */
export const GreenhouseResponseErrorInput = z
  .object({
    api_call: z.string({ error: 'api_call must be a string' }).max(100, { error: 'api_call must be at most 100 characters' }).check(plainText('api_call')),
    errors: z
      .array(z.string({ error: 'errors must be strings' }).max(10_000).check(plainText('errors', 'lines')), { error: 'errors must be an array of strings' })
      .max(1000, { error: 'errors must hold at most 1000 strings' }),
    partner_test_id: optionalText('partner_test_id', 40),
    partner_test_name: optionalText('partner_test_name', 1000),
    partner_interview_id: optionalText('partner_interview_id', 40),
    candidate_email: optionalText('candidate_email', 254),
  })
  .meta({ id: 'GreenhouseResponseErrorBody' });
export type GreenhouseResponseErrorInput = z.infer<typeof GreenhouseResponseErrorInput>;

export const GreenhouseAcknowledgement = z.object({ status: z.literal(200) }).meta({ id: 'GreenhouseAcknowledgement' });

/**
 * A refusal under /partners/greenhouse (decision 452): Greenhouse reads only the HTTP status, so the body is its own
 * shape — `errors` as in its response_error — plus Assay's statuscode for whoever reads logs.
 */
export const GreenhouseFailure = z.object({ status: z.int(), statuscode: z.string(), errors: z.array(z.string()) }).meta({ id: 'GreenhouseFailure' });
export type GreenhouseFailure = z.infer<typeof GreenhouseFailure>;
