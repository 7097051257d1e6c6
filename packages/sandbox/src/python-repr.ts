/**
 * A JSON value written as Python's repr() writes the value it becomes in Python (`null` is `None`, `true` is
 * `True`, strings in Python's quotes and escapes, `[1, 2]`, `{'a': 1}`), for showing a Python candidate the
 * expected value in their language. It runs on the host: `expected` never enters the sandbox. (The actual value
 * is written by Python itself, inside the sandbox.) Numbers are JavaScript numbers by then: an integral one is
 * written as a Python int (below 1e21), any other as Python writes a float.
 */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return pythonNumber(value);
  if (typeof value === 'string') return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${pythonString(key)}: ${pythonRepr(item)}`)
      .join(', ')}}`;
  }
  return String(value);
}

function pythonNumber(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  // Integral numbers are most often Python ints (a factorial, a count); past 1e21 they are written as floats.
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return BigInt(value).toString();
  // The shortest digits that read back as this double, as both languages choose them; Python switches to
  // exponent notation below 1e-4 and from 1e16 on, with at least two exponent digits.
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const sign = negative ? '-' : '';
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return `${sign}${whole}.${fraction || '0'}`;
}

/** Characters Python's str.isprintable() refuses (besides the ASCII ones handled first). */
const NOT_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function pythonString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const escaped = ESCAPES[char];
    if (escaped !== undefined) out += escaped;
    else if (char === quote) out += `\\${char}`;
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    else if (code < 0x7f || !NOT_PRINTABLE.test(char)) out += char;
    else if (code <= 0xff) out += `\\x${hex(code, 2)}`;
    else if (code <= 0xffff) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return out + quote;
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}
