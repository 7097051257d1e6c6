import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, idOfWellFormed, isWellFormedId } from '@assay/domain';

/** The parameter names of a path schema made of ids only (`z.object({ testId: IdParam, … })`), else undefined. */
const idParamNames = (schema: unknown): readonly string[] | undefined => {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const shape = schema.shape as Record<string, unknown>;
  const names = Object.keys(shape);
  return names.length > 0 && names.every((name) => shape[name] === IdParam) ? names : undefined;
};

/**
 * Route schemas are validated by zod (fastify-type-provider-zod's compiler), except a path made of ids only, whose
 * well-formed ids are read here as IdParam reads them, in the schema's order, with no other key: zod's object parse
 * of `{ testInvitationId }` was ~2 % of a report request's CPU under load. Anything else — a malformed, missing or
 * non-string id — goes to zod, whose answer (the 400.3 and its message) is the one it always was.
 */
export const compileValidator: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  const names = route.httpPart === 'params' ? idParamNames(route.schema) : undefined;
  if (!names) return validate;
  return (data) => {
    const params = data as Record<string, unknown>;
    const value: Record<string, number> = {};
    for (const name of names) {
      const digits = params[name];
      if (typeof digits !== 'string' || !isWellFormedId(digits)) return validate(data);
      value[name] = idOfWellFormed(digits);
    }
    return { value };
  };
};
