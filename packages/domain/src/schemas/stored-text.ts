import type { z } from 'zod';
import { displayLine, displayLines, type TextShape } from '../text/control-characters.js';

type Path = readonly PropertyKey[];

const textShapeOf = (issue: z.core.$ZodIssue): TextShape | undefined =>
  issue.code === 'custom' && (issue.params?.textShape === 'single-line' || issue.params?.textShape === 'lines') ? issue.params.textShape : undefined;

const repairAt = (value: unknown, path: Path, repair: (text: string) => string): void => {
  let parent = value as Record<PropertyKey, unknown> | undefined;
  for (const key of path.slice(0, -1)) parent = parent?.[key] as Record<PropertyKey, unknown> | undefined;
  const last = path.at(-1);
  if (parent && last !== undefined && typeof parent[last] === 'string') parent[last] = repair(parent[last]);
};

/**
 * Parses what the store holds with the schema that checked it on the way in. Text stored before the API refused
 * control and bidi characters (`plainText`) is read as it is shown (`displayLine`, `displayLines`) instead of
 * failing the read; any other problem still throws, as a hand-edited row should.
 */
export const parseStored = <T extends z.ZodType>(schema: T, stored: unknown): z.output<T> => {
  const first = schema.safeParse(stored);
  if (first.success) return first.data;
  const repairs = first.error.issues.flatMap((issue) => {
    const shape = textShapeOf(issue);
    return shape ? [{ path: issue.path, shape }] : [];
  });
  if (repairs.length === 0) throw first.error;
  // What the store holds came from JSON, so a JSON copy is a whole copy.
  const copy: unknown = JSON.parse(JSON.stringify(stored));
  for (const { path, shape } of repairs) {
    repairAt(copy, path, (text) => (shape === 'lines' ? displayLines(text) : displayLine(text)).trim() || '\ufffd');
  }
  return schema.parse(copy);
};
