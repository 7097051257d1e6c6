import { z } from 'zod';
import { Id } from '../ids.js';
import { KeyRole } from '../keys/key-roles.js';
import { plainText, singleLineText } from './text-fields.js';

export const CreateOrgInput = z
  .object({
    name: singleLineText('name', 200),
    email: z.email({ error: 'email must be a valid email address' }).max(254).check(plainText('email')),
    timeZoneId: z.int({ error: 'timeZoneId must be an integer from the time zone table' }).optional(),
  })
  .meta({ id: 'CreateOrgBody' });
export type CreateOrgInput = z.infer<typeof CreateOrgInput>;

export const CreatedOrg = z.object({ orgId: Id, apiKey: z.string() }).meta({ id: 'CreatedOrg' });
export type CreatedOrg = z.infer<typeof CreatedOrg>;

export const IssuedKey = z
  .object({
    orgId: Id,
    keyId: Id,
    apiKey: z.string(),
    role: KeyRole,
    label: z.string(),
    personId: Id.meta({ description: 'The person the key is for (issue 50).' }),
  })
  .meta({ id: 'IssuedKey' });
export type IssuedKey = z.infer<typeof IssuedKey>;

export const ApiKeySummary = z
  .object({
    keyId: Id,
    prefix: z.string(),
    role: KeyRole,
    label: z.string(),
    /** The person the key is for; a key issued before people existed has an unnamed person of its own. */
    personId: Id,
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKeySummary' });
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

export const ApiKeyList = z.object({ orgId: Id, keys: z.array(ApiKeySummary) }).meta({ id: 'ApiKeyList' });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

export const RevokedKey = z.object({ orgId: Id, keyId: Id, revokedAt: z.string() }).meta({ id: 'RevokedKey' });
export type RevokedKey = z.infer<typeof RevokedKey>;
