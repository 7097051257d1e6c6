import { ok, refuse, type Result } from '../result.js';

/** Greenhouse ids are decimal numbers; 30 digits is far past any of theirs and keeps a stored key short. */
const APPLICATION_ID = /^[0-9]{1,30}$/;

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
};

/**
 * The application a `send_test` is for, from the candidate's `greenhouse_profile_url`
 * (`https://app.greenhouse.io/people/17681532?application_id=26234709`): its `application_id` query parameter. The same
 * application sent the same test again gets the same interview, so a URL without one is refused (400.2) rather than
 * guessed from the person's id: one person may apply to several jobs.
 */
export const applicationIdOf = (profileUrl: string): Result<string> => {
  // The domain has no URL class (no Node, no DOM): the query is read by hand, as URLSearchParams would.
  if (!/^https?:\/\/[^/?#]+/i.test(profileUrl)) return refuse('invalid-field', 'candidate.greenhouse_profile_url must be an absolute http(s) URL');
  const beforeFragment = profileUrl.split('#', 1)[0] ?? '';
  const start = beforeFragment.indexOf('?');
  const query = start === -1 ? '' : beforeFragment.slice(start + 1);
  const ids = query
    .split('&')
    .map((pair) => pair.split('=', 2) as [string, string | undefined])
    .filter(([name]) => decoded(name) === 'application_id')
    .map(([, value]) => decoded(value ?? ''));
  const [id] = ids;
  if (ids.length !== 1 || id === undefined || !APPLICATION_ID.test(id)) {
    return refuse('invalid-field', 'candidate.greenhouse_profile_url must name one application: ?application_id=<digits>');
  }
  // Leading zeros name the same application.
  return ok(id.replace(/^0+(?=[0-9])/, ''));
};
