/** What names the key that did something: its person's name, the key's label, the key's prefix. */
export interface ActorNaming {
  readonly personName: string | null | undefined;
  readonly label: string | null | undefined;
  readonly prefix: string | null | undefined;
}

/**
 * The one rule that names whoever acted with an API key, wherever a history entry, a grade or an evidence review
 * says who (decision 773): the key's person when they have a name, else the key's label (a key issued before people
 * existed, or for an unnamed person), else its prefix.
 */
export const actorName = ({ personName, label, prefix }: ActorNaming): string => personName || label || prefix || '';
