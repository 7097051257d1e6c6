import { z } from 'zod';
import { Id } from '../ids.js';
import type { Person } from '../people/person.js';
import { ok, refuse, type Result } from '../result.js';
import { plainText, singleLineText } from '../schemas/text-fields.js';
import { V3DateTime } from './utc-date-time.js';

/**
 * iMocha v3's user and business-unit paths (`/v3/accounts/…`) on Assay's people (issue 50) — decisions 981–984. A
 * self-hosted Assay has no business units: the organization the key belongs to is the one unit, with the org's id.
 */
export const V3BusinessUnit = z.object({ businessUnitId: Id, businessUnitName: z.string(), createdOn: V3DateTime }).meta({ id: 'V3BusinessUnit' });
export type V3BusinessUnit = z.infer<typeof V3BusinessUnit>;

export const V3BusinessUnitList = z.object({ businessUnits: z.array(V3BusinessUnit), count: z.int() }).meta({ id: 'V3BusinessUnitList' });
export type V3BusinessUnitList = z.infer<typeof V3BusinessUnitList>;

/** The one business unit of a self-hosted organization (decision 981). */
export const businessUnitsOf = (org: { readonly id: number; readonly name: string; readonly createdAt: number }): V3BusinessUnitList => ({
  businessUnits: [{ businessUnitId: org.id, businessUnitName: org.name, createdOn: `${new Date(org.createdAt).toISOString().slice(0, 19)}Z` }],
  count: 1,
});

const email = (name: string) =>
  z
    .email({ error: `${name} must be a valid email address` })
    .max(254, { error: `${name} must be at most 254 characters` })
    .check(plainText(name))
    .optional();
const unitId = (name: string) =>
  z
    .int({ error: `${name} must be a business unit id (GET /v3/accounts/business-units)` })
    .positive()
    .optional();

/**
 * One field under each spelling v3's own reference uses (its create page says `fullName` and `fullname`, its update page
 * `Email` and `BusinessunitId`): whichever was sent, and a refusal when two spellings disagree (decision 982, after 901).
 */
const oneSpelling = <T>(ctx: z.RefinementCtx, names: readonly string[], values: readonly (T | undefined)[]): T | undefined => {
  const sent = values.filter((value) => value !== undefined);
  if (sent.some((value) => value !== sent[0])) {
    ctx.addIssue({ code: 'custom', message: `${names.join(' and ')} are the same field: send one` });
  }
  return sent[0];
};
const required = <T>(ctx: z.RefinementCtx, name: string, value: T | undefined): T => {
  if (value === undefined) ctx.addIssue({ code: 'custom', message: `${name} is required` });
  return value as T;
};

/** `POST /v3/accounts/user/create`. */
export const V3UserCreateInput = z
  .object({
    email: email('email'),
    Email: email('Email'),
    fullName: singleLineText('fullName', 200).optional(),
    fullname: singleLineText('fullname', 200).optional(),
    businessunitId: unitId('businessunitId'),
    BusinessunitId: unitId('BusinessunitId'),
  })
  .transform((body, ctx) => ({
    email: required(ctx, 'email', oneSpelling(ctx, ['email', 'Email'], [body.email, body.Email])),
    fullName: required(ctx, 'fullName', oneSpelling(ctx, ['fullName', 'fullname'], [body.fullName, body.fullname])),
    businessUnitId: oneSpelling(ctx, ['businessunitId', 'BusinessunitId'], [body.businessunitId, body.BusinessunitId]),
  }))
  .meta({ id: 'V3UserCreateBody' });
export type V3UserCreateInput = z.infer<typeof V3UserCreateInput>;

/** `POST /v3/accounts/user/update`: v3 moves a user to another business unit; here there is one (decision 981). */
export const V3UserUpdateInput = z
  .object({
    Email: email('Email'),
    email: email('email'),
    BusinessunitId: unitId('BusinessunitId'),
    businessunitId: unitId('businessunitId'),
  })
  .transform((body, ctx) => ({
    email: required(ctx, 'Email', oneSpelling(ctx, ['Email', 'email'], [body.Email, body.email])),
    businessUnitId: required(ctx, 'BusinessunitId', oneSpelling(ctx, ['BusinessunitId', 'businessunitId'], [body.BusinessunitId, body.businessunitId])),
  }))
  .meta({ id: 'V3UserUpdateBody' });
export type V3UserUpdateInput = z.infer<typeof V3UserUpdateInput>;

export const V3UserStatus = z.enum(['Active', 'Inactive'], { error: "status must be either 'Active' or 'Inactive'" });
export type V3UserStatus = z.infer<typeof V3UserStatus>;

/** `POST /v3/accounts/user/status`: case-sensitive, as v3 documents it. */
export const V3UserStatusInput = z
  .object({ email: email('email'), Email: email('Email'), status: V3UserStatus })
  .transform((body, ctx) => ({
    email: required(ctx, 'email', oneSpelling(ctx, ['email', 'Email'], [body.email, body.Email])),
    status: body.status,
  }))
  .meta({ id: 'V3UserStatusBody' });
export type V3UserStatusInput = z.infer<typeof V3UserStatusInput>;

/** A user as v3's account paths answer one: a person of the org, the org as their business unit. */
export const V3User = z.object({ email: z.string(), fullName: z.string(), businessunitId: Id, status: V3UserStatus }).meta({ id: 'V3User' });
export type V3User = z.infer<typeof V3User>;

export const v3UserOf = (person: Person, orgId: number): V3User => ({
  email: person.email ?? '',
  fullName: person.name ?? '',
  businessunitId: orgId,
  status: person.deactivatedAt === null ? 'Active' : 'Inactive',
});

/** A business unit id is the org's own or none at all: v3's words for anything else (decision 981). */
export const checkBusinessUnit = (orgId: number, businessUnitId: number | undefined): Result<number> =>
  businessUnitId === undefined || businessUnitId === orgId
    ? ok(orgId)
    : refuse('business-unit-not-this-account', 'The provided BusinessUnitId is invalid or not associated with your account.');

const sameAddress = (a: string | null, b: string): boolean => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The person v3 means by an email (decision 983): addresses compare as registration keys them (trimmed, lower case);
 * an active person wins over a deactivated one with the same address, the newest among equals.
 */
export const personByEmail = (people: readonly Person[], address: string): Result<Person> => {
  const held = people.filter((person) => sameAddress(person.email, address));
  const chosen = held.filter((person) => person.deactivatedAt === null).at(-1) ?? held.at(-1);
  return chosen ? ok(chosen) : refuse('user-not-found', `No user with the email ${address} in this account.`);
};

/** v3 creates a user per address: a second person under an address an active person holds is refused (decision 983). */
export const checkNewUserEmail = (people: readonly Person[], address: string): Result<string> =>
  people.some((person) => person.deactivatedAt === null && sameAddress(person.email, address))
    ? refuse('user-email-taken', `A user with the email ${address} already exists in this account.`)
    : ok(address);
