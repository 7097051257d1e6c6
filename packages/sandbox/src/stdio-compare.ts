/**
 * The stdio rule (decision 677): the printed text answers the expected output when, line by line, they are the same
 * once each line's trailing whitespace is dropped, `\r\n` is read as `\n`, and trailing blank lines (the final
 * newline, or several) are forgiven. Inside a line, where the expected token is a decimal number with a fraction or
 * an exponent, a printed number equals it within 1e-6 (absolute, or relative to the expected value past 1), so
 * `0.30000000000000004` answers `0.3`; an expected integer and every other text compare exactly, spacing between tokens
 * included: `9.0` does not answer `9` (decision 1080: the author's token says whether the answer is a real number).
 */
export const STDIO_FLOAT_TOLERANCE = 1e-6;

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const FRACTIONAL = /[.eE]/;

export function sameOutput(actual: string, expected: string): boolean {
  const left = linesOf(actual);
  const right = linesOf(expected);
  return left.length === right.length && left.every((line, index) => sameLine(line, right[index]!));
}

function linesOf(text: string): string[] {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function sameLine(actual: string, expected: string): boolean {
  if (actual === expected) return true;
  // Split keeping the separators: the spacing must match, only numeric tokens get the tolerance.
  const left = actual.split(/(\s+)/);
  const right = expected.split(/(\s+)/);
  return left.length === right.length && left.every((token, index) => sameToken(token, right[index]!));
}

function sameToken(actual: string, expected: string): boolean {
  if (actual === expected) return true;
  if (!NUMBER.test(actual) || !NUMBER.test(expected)) return false;
  // Only the expected token decides: an integer answer must be printed as that integer (decision 1080).
  if (!FRACTIONAL.test(expected)) return false;
  const a = Number(actual);
  const b = Number(expected);
  return Math.abs(a - b) <= STDIO_FLOAT_TOLERANCE * Math.max(1, Math.abs(b));
}
