import { z } from 'zod';

/** Compile errors a run carries at most: a slip early in a file can make a compiler answer hundreds (decision 1104). */
export const MAX_COMPILE_ERRORS = 50;

/** One compiler error in the candidate's own file: its message, and its line and column when the compiler gave them. */
export const CompileError = z
  .object({
    message: z.string(),
    line: z.int().positive().optional(),
    column: z.int().positive().optional(),
  })
  .meta({ id: 'CompileError' });
export type CompileError = z.infer<typeof CompileError>;

/**
 * Every error of a program that did not build (Java, C, C++, C#, Go, Rust…), in the compiler's order, at most
 * MAX_COMPILE_ERRORS. Each case of such a run still answers the first one as its `error`, as before.
 */
export const CompileErrors = z.array(CompileError).max(MAX_COMPILE_ERRORS);
export type CompileErrors = z.infer<typeof CompileErrors>;

/** The first `MAX_COMPILE_ERRORS` of a compiler's errors, positions kept only where they are real (1-based). */
export const compileErrorsOf = (diagnostics: readonly { message: string; line?: number | undefined; column?: number | undefined }[]): CompileErrors =>
  diagnostics.slice(0, MAX_COMPILE_ERRORS).map(({ message, line, column }) => ({
    message,
    ...(line !== undefined && line > 0 ? { line } : {}),
    ...(line !== undefined && line > 0 && column !== undefined && column > 0 ? { column } : {}),
  }));
