import { normalizeEmail } from '../schemas/registration.js';

/**
 * Who is told of a completion (decision 985): the test link's stakeholder, then each address a v3 invite named, every
 * address once (compared as registration keys them: trimmed, lower case), at most 21 in all by the schemas' bounds.
 */
export const completionStakeholders = (linkStakeholder: string | null, invited: readonly string[]): string[] => {
  const seen = new Set<string>();
  const told: string[] = [];
  for (const address of [...(linkStakeholder ? [linkStakeholder] : []), ...invited]) {
    const key = normalizeEmail(address);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    told.push(address.trim());
  }
  return told;
};
