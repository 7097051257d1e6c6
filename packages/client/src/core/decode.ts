import { V3Failure } from '@assay/domain/invitations';
import { AnyEnvelope } from '@assay/domain/v2';
import { z } from 'zod';
import { AssayDecodeError } from './errors.js';
import { normalise } from './lenient.js';

/** What a JSON body held: a v2 envelope, or something else (a proxy's page, an empty body). */
export type ReadBody = { envelope: AnyEnvelope } | { envelope: undefined };

/** Parses a body as a v2 envelope, tolerantly (`"StatusCode"`, a numeric statuscode, a missing description). */
export const readEnvelope = (text: string): ReadBody => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { envelope: undefined };
  }
  const candidate = normalise(json, AnyEnvelope);
  const withDescription = typeof candidate === 'object' && candidate !== null ? { description: '', ...candidate } : candidate;
  const parsed = AnyEnvelope.safeParse(withDescription);
  return { envelope: parsed.success ? parsed.data : undefined };
};

export interface DecodeContext {
  status: number;
  body: string;
  requestId: string | null;
}

/** The typed `result`: normalised for the schema, then checked by it; a mismatch is an AssayDecodeError. */
export const decodeResult = <S extends z.ZodType>(schema: S, result: unknown, context: DecodeContext): z.output<S> => {
  const parsed = schema.safeParse(normalise(result, schema));
  if (parsed.success) return parsed.data;
  throw new AssayDecodeError(
    `The response does not have the expected shape: ${z.prettifyError(parsed.error)}`,
    context.status,
    context.body,
    context.requestId,
  );
};

/** A v3 failure body (`{ statusCode, message, errors, statuscode }`) as the envelope it stands for; undefined for anything else. */
export const v3FailureAsEnvelope = (text: string): AnyEnvelope | undefined => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = V3Failure.safeParse(json);
  return parsed.success ? { statuscode: parsed.data.statuscode, description: '', result: parsed.data.message } : undefined;
};
