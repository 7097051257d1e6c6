import { z } from 'zod';

/**
 * A failure under `/v3` (iMocha's v3 shapes, decision 846): the HTTP status, a message, and the same message as iMocha's
 * documented `errors` list, so a client written for either reading finds it. Assay's statuscode rides along for logs.
 */
export const V3Failure = z.object({
  statusCode: z.int(),
  message: z.string(),
  errors: z.array(z.string()),
  statuscode: z.string().meta({ description: "Assay's statuscode (docs/status-codes.md), for whoever reads a log." }),
}).meta({ id: 'V3Failure' });
export type V3Failure = z.infer<typeof V3Failure>;
