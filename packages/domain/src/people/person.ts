import { z } from 'zod';
import { Id } from '../ids.js';
import { KeyRole, capabilities } from '../keys/key-roles.js';
import { plainText, singleLineText } from '../schemas/text-fields.js';

const Email = z.email({ error: 'email must be a valid email address' }).max(254).check(plainText('email'));

/**
 * A person of an org (issue 50, decision 771): who holds one or more API keys. Every key issued before people existed
 * got a person of its own with no name (migration 040), so its history still names it by the key's label. The role is
 * the one the person's keys act with (a key may be issued narrower: decision 772).
 */
export const PersonInput = z
  .object({
    name: singleLineText('name', 200),
    email: Email.optional(),
    role: KeyRole.optional(),
  })
  .meta({ id: 'AddPersonBody' });
export type PersonInput = z.infer<typeof PersonInput>;

/** A change of a person: any of name, email and role; a role change applies to every active key of theirs. */
export const PersonUpdate = z
  .object({
    name: singleLineText('name', 200).optional(),
    email: Email.nullable().optional(),
    role: KeyRole.optional(),
  })
  .refine((update) => Object.values(update).some((value) => value !== undefined), { error: 'send at least one of name, email and role' })
  .meta({ id: 'UpdatePersonBody' });
export type PersonUpdate = z.infer<typeof PersonUpdate>;

export const Person = z
  .object({
    personId: Id,
    /** Null for the person migration 040 made for a key issued before people existed. */
    name: z.string().nullable(),
    email: z.string().nullable(),
    role: KeyRole,
    createdAt: z.string(),
    /** When the person was deactivated (their keys revoked); null while active. */
    deactivatedAt: z.string().nullable(),
    /** Their keys' ids, revoked ones included. */
    keyIds: z.array(Id),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof Person>;

export const PersonList = z.object({ orgId: Id, people: z.array(Person) }).meta({ id: 'PersonList' });
export type PersonList = z.infer<typeof PersonList>;

/** `GET /v2/org/me`: the request's key, its person and everything its role may do, so a front offers only that. */
export const WhoAmI = z
  .object({
    orgId: Id,
    keyId: Id,
    role: KeyRole,
    person: z.object({ personId: Id, name: z.string().nullable(), email: z.string().nullable() }),
    /** The name history entries, grades and reviews show for this key (actorName). */
    shownAs: z.string(),
    capabilities: z.array(z.enum(capabilities)),
  })
  .meta({ id: 'WhoAmI' });
export type WhoAmI = z.infer<typeof WhoAmI>;
