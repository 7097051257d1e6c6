import { z } from 'zod';
import { type Result, ok, refuse } from '../result.js';

/** At most this many tags on one invitation, each at most this long once normalised (decision 756). */
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 32;

const TAG = /^[a-z0-9][a-z0-9._-]*$/;

/**
 * A tag as stored and compared: trimmed, lower case, inner spaces as `-` ("Strong Python " → `strong-python`), so the
 * same word typed twice is one tag and a filter finds it however it was typed. Letters, digits, `.`, `_` and `-`
 * (after a letter or digit) only: a tag is a path segment (`DELETE …/tags/{tag}`) and a filter word (`tag=`), and must
 * read the same in both (decision 756).
 */
export const normalizeTag = (typed: string): Result<string> => {
  const tag = typed.trim().toLowerCase().replace(/\s+/g, '-');
  if (tag === '') return refuse('invalid-tag', 'tag must not be empty');
  if (tag.length > MAX_TAG_LENGTH) return refuse('invalid-tag', `tag must be at most ${MAX_TAG_LENGTH} characters (it has ${tag.length})`);
  if (!TAG.test(tag)) return refuse('invalid-tag', `tag "${tag}" must be letters, digits, ".", "_" or "-", starting with a letter or digit`);
  return ok(tag);
};

/** The tags after adding `tag`: unchanged when it is there already; refused past MAX_TAGS. */
export const tagsWith = (tags: readonly string[], tag: string): Result<readonly string[]> => {
  if (tags.includes(tag)) return ok(tags);
  if (tags.length >= MAX_TAGS) return refuse('too-many-tags', `An invitation has at most ${MAX_TAGS} tags; remove one before adding "${tag}".`);
  return ok([...tags, tag].sort());
};

/** `POST /v2/org/testinvitation/{id}/tags`: one tag, normalised by the server (400.40 when it cannot be). */
export const TagInput = z
  .object({
    tag: z
      .string({ error: 'tag is required and must be a string' })
      .max(200, { error: 'tag must be at most 200 characters' })
      // Documented, not enforced here: the server normalises first and answers 400.40 with the rule that failed.
      .meta({ pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9._ -]{0,31}\\s*$', description: 'Letters, digits, `.`, `_`, `-` and spaces (as `-`); at most 32.' }),
  })
  .meta({ id: 'CandidateTagBody' });
export type TagInput = z.infer<typeof TagInput>;
