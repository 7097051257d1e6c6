import { z } from 'zod';

/**
 * Every language a coding question may accept. The WebAssembly ones (javascript, typescript, python, sqlite,
 * postgresql) run on every host; the native ones need their Debian toolchain and a jail (bubblewrap). Adding a
 * language starts here: the compiler then points at its registry entry (registry.ts) and every exhaustive match.
 */
export const LanguageId = z
  .enum(['javascript', 'typescript', 'python', 'java', 'c', 'cpp', 'csharp', 'go', 'rust', 'ruby', 'php', 'sqlite', 'postgresql'])
  .meta({ id: 'LanguageId' });
export type LanguageId = z.infer<typeof LanguageId>;

/** The forms of coding question: call a function, feed stdin and compare stdout, or run a query on a seeded database. */
export const QuestionForm = z.enum(['function', 'stdio', 'sql']);
export type QuestionForm = z.infer<typeof QuestionForm>;
