import type { z } from 'zod';

/** One readable sentence from a zod error: each problem prefixed by where it is ("sections.0.duration: ..."). */
export const describeIssues = (issues: readonly z.core.$ZodIssue[]): string =>
  issues
    .slice(0, 10)
    .map((issue) => {
      const where = issue.path.map(String).join('.');
      return where && !issue.message.startsWith(`${where} `) ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
