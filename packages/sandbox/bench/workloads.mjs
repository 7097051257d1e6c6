// The small interview functions the sandbox benches run: 5 test calls each, as a candidate's run of a coding
// question sends them. Every run gets code of its own (a comment with a counter), so no cache can flatter a figure:
// each run stands for a different candidate's answer.

const VOWEL_CASES = [
  { args: ['Hello World'], expected: 3 },
  { args: ['AEIOU aeiou'], expected: 10 },
  { args: [''], expected: 0 },
  { args: ['rhythm'], expected: 0 },
  { args: ['Programming interviews'], expected: 7 },
];

const SORT_CASES = [
  { args: [[3, 1, 2]], expected: [1, 2, 3] },
  { args: [[]], expected: [] },
  { args: [[5, -1, 5, 0]], expected: [-1, 0, 5, 5] },
  { args: [[9, 8, 7, 6, 5, 4, 3, 2, 1]], expected: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
  { args: [[1]], expected: [1] },
];

/** name → a request; `comment` is the language's line comment, added with a counter to every run's code. */
export const WORKLOADS = {
  'Python, count vowels': {
    comment: '#',
    request: {
      language: 'python',
      functionName: 'count_vowels',
      code: 'def count_vowels(s):\n    return sum(1 for c in s.lower() if c in "aeiou")\n',
      cases: VOWEL_CASES,
    },
  },
  'Python, sort a list': {
    comment: '#',
    request: { language: 'python', functionName: 'sort_list', code: 'def sort_list(numbers):\n    return sorted(numbers)\n', cases: SORT_CASES },
  },
  'JavaScript, count vowels': {
    comment: '//',
    request: {
      language: 'javascript',
      functionName: 'countVowels',
      code: "function countVowels(s) {\n  let n = 0;\n  for (const c of s.toLowerCase()) if ('aeiou'.includes(c)) n += 1;\n  return n;\n}\n",
      cases: VOWEL_CASES,
    },
  },
  'TypeScript, count vowels': {
    comment: '//',
    request: {
      language: 'typescript',
      functionName: 'countVowels',
      code: "function countVowels(s: string): number {\n  let n: number = 0;\n  for (const c of s.toLowerCase()) if ('aeiou'.includes(c)) n += 1;\n  return n;\n}\n",
      cases: VOWEL_CASES,
    },
  },
};

let counter = 0;
/** The workload's request with code no other run has sent. */
export const freshRequest = ({ comment, request }) => ({ ...request, code: `${request.code}${comment} run ${(counter += 1)}\n` });

/**
 * As many runs as `inFlight` callers can make in `seconds` (after a short warm-up): runs per second, and the runs
 * that did not pass (a bench that counts failures as throughput measures nothing).
 */
export const runsPerSecond = async (sandbox, workload, { seconds, inFlight }) => {
  for (let index = 0; index < 20; index += 1) await sandbox.run(freshRequest(workload));
  let done = 0;
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  const caller = async () => {
    while (performance.now() < end) {
      const { results } = await sandbox.run(freshRequest(workload));
      if (results.every((result) => result.passed)) done += 1;
      else failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, caller));
  return { perSecond: done / ((performance.now() - started) / 1000), failed };
};
