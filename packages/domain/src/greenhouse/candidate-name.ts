/**
 * The candidate's full name from Greenhouse's two name fields (decision 803): first and last name joined by a
 * space, a blank one left out, so a candidate with one name (`last_name: ""`, or only `first_name`) is sent
 * under that name. preferred_name is not used: it is what they like to be called, not the name on record.
 */
export const greenhouseFullName = (candidate: { readonly first_name?: string | null; readonly last_name?: string | null }): string =>
  [candidate.first_name, candidate.last_name]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' ');
