/**
 * What a compiler says, as much as a candidate is shown (decision 1046): 16 KiB of output in all, 2,000 characters of
 * one diagnostic. A 1 KB C# source can make mcs write 524 KB (a type name of 2^14 parts in each message), and the
 * page, the report and the run's answer need none of it past the first screens.
 */
export const MAX_COMPILE_OUTPUT_CHARS = 16 * 1024;
export const MAX_DIAGNOSTIC_CHARS = 2000;

const cut = (text: string, max: number, note: string): string => (text.length > max ? `${text.slice(0, max)}${note}` : text);

export const capCompileOutput = (text: string): string => cut(text, MAX_COMPILE_OUTPUT_CHARS, "\n… (the compiler's output was cut)");

export const capDiagnostic = (message: string): string => cut(message, MAX_DIAGNOSTIC_CHARS, ' … (cut)');
