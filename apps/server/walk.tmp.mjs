import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
const BASE = process.env.BASE,
  KEY = process.env.KEY;
const api = async (method, path, body) => {
  const r = await fetch(BASE + path, {
    method,
    headers: { 'x-api-key': KEY, 'content-type': 'application/json;charset=utf-8' },
    body: body && JSON.stringify(body),
  });
  return r.json();
};
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const axe = async (page, state) => {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  console.log(`axe "${state}": ${violations.length === 0 ? 'clean' : violations.map((v) => v.id).join(', ')}`);
};
const focused = (page) =>
  page.evaluate(`(() => { let e = document.activeElement; while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
  const editor = !!e && e.classList.contains('cm-content'); const o = editor ? e.getRootNode().host : e; return { testId: o ? o.getAttribute('data-testid') : null, editor }; })()`);
const tabTo = async (page, target) => {
  const m = typeof target === 'string' ? (n) => n.testId === target && !n.editor : target;
  for (let i = 0; i < 80; i++) {
    const n = await focused(page);
    if (m(n)) return;
    if (n.editor) await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached ' + target);
};
const pasteInto = (page, qid, text) =>
  page
    .getByTestId(`code-editor-${qid}`)
    .locator('.cm-content')
    .evaluate((el, t) => {
      const d = new DataTransfer();
      d.setData('text/plain', t);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: d, bubbles: true, cancelable: true, composed: true }));
    }, text);
const choice = (text, right, wrong) => ({
  type: 'single_choice',
  text,
  marks: 1,
  options: [{ text: right, correct: true }, ...wrong.map((option) => ({ text: option }))],
});

const definition = {
  testName: 'Integrity acceptance',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Pool',
      sectionType: 'general',
      duration: 10,
      draw: 2,
      shuffleQuestions: true,
      shuffleOptions: true,
      questions: [
        choice('Which status code asks the client to authenticate?', '401', ['403', '404']),
        choice('Which method is neither safe nor idempotent?', 'POST', ['GET', 'PUT']),
        choice('Which header limits how long a response may be reused?', 'Cache-Control', ['ETag', 'Vary']),
        choice('What does 304 tell the client?', 'Its copy is still valid', ['It moved', 'Nothing changed on the server']),
      ],
    },
    {
      sectionName: 'Python',
      sectionType: 'coding',
      duration: 20,
      questions: [
        {
          type: 'coding',
          text: 'Write `top_words(text, k)`: the `k` most frequent words of `text` (punctuation and case ignored), ties alphabetical.',
          marks: 5,
          languages: ['python'],
          functionName: 'top_words',
          starterCode: 'def top_words(text, k):\n    pass\n',
          hiddenTests: [
            { args: ['b a b, c a b', 2], expected: ['b', 'a'] },
            { args: ['', 3], expected: [] },
            { args: ['Hi hi. there', 1], expected: ['hi'] },
          ],
        },
      ],
    },
  ],
};

/** The first copier's answer: a helper, then the function asked for. */
const ORIGINAL = `import string


def normalise(text):
    # strip punctuation, fold case, split on spaces
    table = str.maketrans("", "", string.punctuation)
    return text.translate(table).lower().split()


def top_words(text, k):
    tally = {}
    for token in normalise(text):
        if token not in tally:
            tally[token] = 0
        tally[token] += 1
    best = []
    while tally and len(best) < k:
        top = min(tally, key=lambda t: (-tally[t], t))
        best.append(top)
        del tally[top]
    return best
`;

/** The second copier's: the same code, names changed, comments changed, the two functions the other way round. */
const DISGUISED = `import string


def top_words(sentence, n):
    """Most frequent words first, ties alphabetical."""
    counts = {}
    for w in words_of(sentence):
        if w not in counts:
            counts[w] = 0
        counts[w] += 1
    answer = []
    # take the most frequent remaining word n times
    while counts and len(answer) < n:
        winner = min(counts, key=lambda x: (-counts[x], x))
        answer.append(winner)
        del counts[winner]
    return answer


def words_of(sentence):
    strip = str.maketrans("", "", string.punctuation)
    return sentence.translate(strip).lower().split()
`;

/** The third candidate's own solution, pasted whole. */
const PASTED = `def top_words(text, k):
    counts = {}
    for word in text.lower().split():
        word = word.strip(".,!?;:")
        if word:
            counts[word] = counts.get(word, 0) + 1
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return [word for word, _ in ranked[:k]]
`;

const CANDIDATES = [
  { who: 'original', fullName: 'Olga Original', code: ORIGINAL, how: 'type' },
  { who: 'disguised', fullName: 'Dan Disguised', code: DISGUISED, how: 'type' },
  { who: 'paster', fullName: 'Pat Paster', code: PASTED, how: 'paste' },
];

const imported = await api('POST', '/v2/org/tests', definition);
const testId = imported.result.testId;
console.log('test', testId);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const { who, fullName, code, how } of CANDIDATES) {
  const reg = await api('POST', `/v2/org/tests/${testId}/register`, { emailId: `${who}@example.com`, fullName });
  const url = reg.result.takeTestURL;
  console.log(who, reg.result.testInvitationId, url);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId('start-button').waitFor({ state: 'visible' });
  await axe(page, 'landing');
  await tabTo(page, 'start-button');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1000);
  const ids = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid^="question-"]')]
      .map((e) => Number(e.getAttribute('data-testid').split('-')[1]))
      .filter((id) => document.querySelector(`[data-testid^="option-${id}-"]`)),
  );
  console.log(' shown questions', ids.join(','));
  await axe(page, 'pooled section');
  for (const qid of ids) {
    const right = `option-${qid}-0`;
    await tabTo(page, (n) => (n.testId ?? '').startsWith(`option-${qid}-`));
    for (let s = 0; s < 3 && (await focused(page)).testId !== right; s++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.waitForTimeout(1500);
  }
  await tabTo(page, 'next-section');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(800);
  const coding = await page.evaluate(() => Number(document.querySelector('[data-testid^="code-editor-"]').getAttribute('data-testid').split('-')[2]));
  await tabTo(page, (n) => n.editor && n.testId === `code-editor-${coding}`);
  await page.waitForTimeout(1000);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  if (how === 'paste') await pasteInto(page, coding, code);
  else
    for (const line of code.split(/(?<=\n)/)) {
      await page.keyboard.insertText(line);
      await page.waitForTimeout(60);
    }
  for (let i = 0; i < 30 && (await page.getByTestId('save-status').textContent()) !== 'Saved'; i++) await page.waitForTimeout(500);
  await axe(page, 'coding after ' + how);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await tabTo(page, 'submit-button');
  await page.keyboard.press('Enter');
  await tabTo(page, 'confirm-submit');
  await page.keyboard.press('Enter');
  await page.getByTestId('thank-you').waitFor({ state: 'visible' });
  await axe(page, 'thank you');
  await context.close();
}
await browser.close();
