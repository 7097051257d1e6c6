/**
 * What makes an admin token guessable, judged at start (decision 118, "Admin token strength"). A token from
 * `openssl rand -base64 32` passes every rule by far; the rules turn away tokens a person typed or made up.
 */
export const ADMIN_TOKEN_RULES = { minLength: 24, minDistinct: 8, minBits: 64 } as const;

/** The length of the shortest block `text` repeats (`abcdefgh` for `abcdefghabcdefghabc`), or its own length when it repeats none. */
export const periodOf = (text: string): number => {
  const characters = [...text];
  for (let period = 1; period <= characters.length / 2; period++) {
    if (characters.every((character, index) => index < period || character === characters[index - period])) return period;
  }
  return characters.length;
};

/** An estimate of the token's bits from its own characters: its length times the Shannon entropy of their frequencies. */
export const estimatedBits = (text: string): number => {
  const characters = [...text];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bitsPerCharacter = 0;
  for (const count of counts.values()) {
    const share = count / characters.length;
    bitsPerCharacter -= share * Math.log2(share);
  }
  return bitsPerCharacter * characters.length;
};

/** Why a token of the right length is guessable, or undefined when it is not. */
export const weaknessOf = (token: string): string | undefined => {
  if (token.trim() !== token || /\s/.test(token)) return 'must not contain spaces or line breaks';
  const { minDistinct, minBits } = ADMIN_TOKEN_RULES;
  const advice = 'use a random secret, e.g. from `openssl rand -base64 32`';
  if (new Set(token).size < minDistinct) return `must have at least ${minDistinct} different characters: ${advice}`;
  const period = periodOf(token);
  // The message never quotes the token: it goes to the terminal and the service's logs.
  if (period < [...token].length) return `must not repeat a shorter block (it repeats itself every ${period} characters): ${advice}`;
  if (estimatedBits(token) < minBits) return `is too predictable (under ${minBits} bits by the spread of its characters): ${advice}`;
  return undefined;
};
