import { z } from 'zod';
import { Id } from '../ids.js';
import { singleLineText } from '../schemas/text-fields.js';
import { KeyRole } from './key-roles.js';

/**
 * The body of issuing a key (and of a rotation): both fields optional, so a call without a body issues a full
 * key as before. A key without a label is labelled with its prefix, the part of it that lists already show.
 */
export const IssueKeyInput = z
  .object({
    role: KeyRole.optional(),
    label: singleLineText('label', 100).optional(),
    /** The person the key is for (issue 50); without one the key gets a new unnamed person of its own. */
    personId: Id.optional(),
  })
  .meta({ id: 'IssueKeyBody' });
export type IssueKeyInput = z.infer<typeof IssueKeyInput>;
