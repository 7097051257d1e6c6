/**
 * An integration's URL as the export shows it (decision 1006): its origin only. Path, query and credentials are where
 * integrators put secrets, which are theirs, not the candidate's; whom the data went to stays. Not a URL: as written.
 */
export const originOf = (target: string): string => {
  try {
    const url = new URL(target);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : target;
  } catch {
    return target;
  }
};

/** A delivery's error words without the URL they may quote (a redirect's target, a URL in a receiver's message). */
export const withoutUrl = (text: string | null, target: string): string | null =>
  text === null || originOf(target) === target ? text : text.replaceAll(target, originOf(target));
