import { it } from 'vitest';
import { z } from 'zod';
import { TestLinkInput } from '@assay/domain';
import { startHarness } from './helpers/test-app.js';
it('probe', async () => {
  const h = await startHarness('sqlite');
  z.globalRegistry.remove(TestLinkInput);
  const r = await h.request({ method: 'GET', url: '/openapi.json', apiKey: null });
  console.log(r.statusCode, r.headers['content-type']);
  const doc = r.json();
  console.log(doc.openapi, Object.entries(doc.paths).map(([p, v]) => `${Object.keys(v as object).join(',')} ${p}`).join('\n'));
  console.log(Object.keys(doc.components.schemas));
  for (const u of ['/docs', '/docs/', '/docs/static/index.html', '/docs/json']) {
    const d = await h.request({ method: 'GET', url: u, apiKey: null });
    console.log(u, d.statusCode, d.headers['content-type'], d.headers.location, d.body.slice(0, 80));
  }
  const t = await h.request({ method: 'GET', url: '/v2/timezones', apiKey: null });
  console.log(t.statusCode, t.body.slice(0, 200));
  const e = await h.request({ method: 'POST', url: '/v2/org/tests', payload: '' });
  console.log(e.statusCode, e.body);
  const e2 = await h.request({ method: 'POST', url: '/v2/org/tests', payload: 'hello', headers: { 'content-type': 'text/plain' } });
  console.log(e2.statusCode, e2.body);
  const e3 = await h.request({ method: 'POST', url: '/v2/org/tests', payload: JSON.stringify({ x: 'a'.repeat(5*1024*1024) }) });
  console.log(e3.statusCode, e3.body, e3.headers['content-type']);
  const e4 = await h.request({ method: 'GET', url: '/nope' });
  console.log(e4.statusCode, e4.body, e4.headers['content-type']);
  const e5 = await h.request({ method: 'GET', url: '/healthz', headers: {'x-request-id': 'abc-123'} });
  console.log(e5.statusCode, e5.body, e5.headers['x-request-id']);
  await h.close();
});
