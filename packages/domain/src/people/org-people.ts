import { z } from 'zod';
import { Id } from '../ids.js';
import { ApiKeySummary } from '../schemas/admin.js';
import { IssueKeyInput } from '../keys/api-key-input.js';
import { Person } from './person.js';

/** A person with their keys (never a secret: prefix, role, label, dates), as an org's admin key sees them (decision 836). */
export const OrgPerson = Person.extend({ keys: z.array(ApiKeySummary) }).meta({ id: 'OrgPerson' });
export type OrgPerson = z.infer<typeof OrgPerson>;

/** `GET /v2/org/people`: the org's people, each with their keys. */
export const OrgPeople = z.object({ orgId: Id, people: z.array(OrgPerson) }).meta({ id: 'OrgPeople' });
export type OrgPeople = z.infer<typeof OrgPeople>;

/** `POST /v2/org/people/{personId}/keys`: the person is in the path; a role narrower than theirs and a label, both optional. */
export const OrgKeyInput = IssueKeyInput.omit({ personId: true }).meta({ id: 'IssueOrgKeyBody' });
export type OrgKeyInput = z.infer<typeof OrgKeyInput>;
