/**
 * What shows nothing on a page, in an email or in a terminal: whitespace of every script (U+3000 too), format characters
 * (zero-width space and joiners, the byte-order mark, the soft hyphen, the word joiner…), the other default-ignorable
 * code points (Hangul fillers, variation selectors), marks that have no letter to sit on, and Braille's blank cell.
 */
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/gu;

/**
 * Whether a person's name shows nothing (decision 1008): a name made only of these would list, email and report a
 * candidate no one can see or tell apart. Control and bidirectional characters are refused before (`plainText`).
 */
export const showsNothing = (name: string): boolean => name.replace(INVISIBLE, '') === '';
