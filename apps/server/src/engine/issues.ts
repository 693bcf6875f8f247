import type { z } from 'zod';

/** Record validation messages already name the field in the person's language: join them. */
export function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => issue.message)
    .join('; ');
}
