// The bench's calls to Assay's API: the spec's headers on every one, the admin token the bench starts servers with.
export const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';

/** The header the spec has every request carry, GETs and bodiless POSTs included (assessment-api-v2.md, §1). */
export const SPEC_HEADERS = { 'content-type': 'application/json;charset=utf-8' };

/** One API call, with the spec's headers; answers the envelope's result, throws with the answer otherwise. */
export const call = async (base, method, path, { key, admin, body } = {}) => {
  const headers = { ...SPEC_HEADERS };
  if (key) headers['x-api-key'] = key;
  if (admin) headers.authorization = `Bearer ${ADMIN_TOKEN}`;
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text).result;
};

/** Runs `task(i)` for i in [0, count) with at most `width` in flight. */
export const inParallel = async (count, width, task) => {
  let next = 0;
  const lane = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: width }, lane));
};
