/** `charset=…` among the parameters of a Content-Type, quoted or not, its name in any letter case (RFC 9110 8.3.1). */
const CHARSET_PARAMETER = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;

/** Labels the WHATWG Encoding Standard resolves to UTF-8 (`utf8`, `unicode-1-1-utf-8`…), as `TextDecoder` reads them. */
const meansUtf8 = (label: string): boolean => {
  if (label.toLowerCase() === 'utf-8') return true;
  try {
    return new TextDecoder(label).encoding === 'utf-8';
  } catch {
    return false;
  }
};

/**
 * The charset a request body is declared in when it is not UTF-8, as it is safe to quote (printable ASCII, at
 * most 40 characters); undefined when the Content-Type names none or names UTF-8.
 */
export const unsupportedCharset = (contentType: string | undefined): string | undefined => {
  const found = contentType === undefined ? null : CHARSET_PARAMETER.exec(contentType);
  if (!found) return undefined;
  const label = found[1] ?? found[2] ?? '';
  if (meansUtf8(label)) return undefined;
  const quotable = label.replace(/[^\x21-\x7e]/g, '?').slice(0, 40);
  return quotable === '' ? '""' : quotable;
};
