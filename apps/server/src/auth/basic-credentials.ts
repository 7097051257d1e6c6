/** HTTP Basic credentials (RFC 7617): the user name ends at the first colon; the password may hold more. */
export interface BasicCredentials {
  readonly username: string;
  readonly password: string;
}

/** Greenhouse takes partner API keys "less than 171 characters" (its Assessment API docs, Authentication). */
export const GREENHOUSE_MAX_KEY_LENGTH = 170;

/** Room for a key of that length and a colon, base64: a longer header is not looked at. */
const MAX_ENCODED = Math.ceil(((GREENHOUSE_MAX_KEY_LENGTH + 1) * 4) / 3) + 4;

/**
 * The credentials of an `Authorization: Basic …` header; undefined for a missing header, another scheme, a header past
 * the length any accepted key could have, bad base64, bytes that are not UTF-8, or no colon.
 */
export const basicCredentialsOf = (header: string | undefined): BasicCredentials | undefined => {
  const match = header === undefined ? null : /^Basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i.exec(header);
  const encoded = match?.[1];
  if (encoded === undefined || encoded.length > MAX_ENCODED || encoded.length % 4 !== 0) return undefined;
  const bytes = Buffer.from(encoded, 'base64');
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
};
