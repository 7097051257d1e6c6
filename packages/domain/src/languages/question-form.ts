import { z } from 'zod';

/** The forms of coding question: call a function, feed stdin and compare stdout, or run a query on a seeded database. */
export const QuestionForm = z.enum(['function', 'stdio', 'sql']);
export type QuestionForm = z.infer<typeof QuestionForm>;
