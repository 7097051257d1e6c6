// First: zod must be jitless before any schema is built (see the module).
import './api/zod-jitless.js';
import './styles.css';
import './take-test/run-results.css';
import './take-test/assistant.css';
import { LinkPage } from './link/link-page.js';
import { TestPage } from './take-test/test-page.js';

/** The page shell (`apps/server/src/candidate-page/pages.ts`) says which page this is and for which token or link. */
function main(): void {
  const root = document.getElementById('app');
  if (!root) return;
  const page = root.dataset.page;
  if (page === 'test' && root.dataset.token) void new TestPage(root, root.dataset.token).boot();
  else if (page === 'link' && root.dataset.accessKey) void new LinkPage(root, root.dataset.accessKey).boot();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
else main();
