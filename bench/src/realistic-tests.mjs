// The tests the bench seeds, shaped like the ones customers import: the five shipped examples
// (examples/tests/*.json), and the realistic test the details, report and Excel rows read — the examples' JavaScript
// and choice sections combined: choice questions, then coding questions with starter code, sample and hidden tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const EXAMPLES = ['algorithms-coding-screen', 'frontend-accessibility', 'javascript-fundamentals', 'python-coding-screen', 'sql-and-data-modelling'];

export const exampleTests = (repoRoot) => EXAMPLES.map((name) => JSON.parse(readFileSync(join(repoRoot, 'examples/tests', `${name}.json`), 'utf8')));

/** The n-th of the org's many tests: the five examples in turn, each name distinct (as an org's names are). */
export const nthExampleTest = (examples, n) => {
  const example = examples[n % examples.length];
  return { ...example, testName: `${example.testName} ${n + 1}` };
};

/** Four sections, 24 questions: JavaScript concepts (10 choice), two coding tasks, three more, SQL basics (9 choice). */
export const realisticTest = (examples, testName = 'Full-stack JavaScript screen') => {
  const byName = Object.fromEntries(examples.map((example) => [example.testName, example]));
  const fundamentals = byName['JavaScript Fundamentals'].sections;
  const sections = [...fundamentals, ...byName['Algorithms Coding Screen'].sections, byName['SQL and Data Modelling'].sections[0]];
  return {
    testName,
    description: 'The examples combined: JavaScript concepts, coding tasks scored by hidden tests, and SQL basics.',
    duration: sections.reduce((sum, section) => sum + section.duration, 0),
    testStatus: 'Active',
    sections,
  };
};

/** Real answers to the coding questions: a right one, and a wrong one that passes some hidden tests. */
export const SOLUTIONS = {
  isPalindrome: {
    right: `function isPalindrome(s) {\n  const kept = s.toLowerCase().replace(/[^a-z0-9]/g, '');\n  return kept === [...kept].reverse().join('');\n}\n`,
    wrong: `function isPalindrome(s) {\n  return s === s.split('').reverse().join('');\n}\n`,
  },
  sumOfMultiples: {
    right: `function sumOfMultiples(limit) {\n  let sum = 0;\n  for (let n = 1; n < limit; n++) if (n % 3 === 0 || n % 5 === 0) sum += n;\n  return sum;\n}\n`,
    wrong: `function sumOfMultiples(limit) {\n  let sum = 0;\n  for (let n = 3; n < limit; n += 3) sum += n;\n  for (let n = 5; n < limit; n += 5) sum += n;\n  return sum;\n}\n`,
  },
  twoSum: {
    right: `function twoSum(nums, target) {\n  const seen = new Map();\n  for (let j = 0; j < nums.length; j++) {\n    const i = seen.get(target - nums[j]);\n    if (i !== undefined) return [i, j];\n    seen.set(nums[j], j);\n  }\n  return [];\n}\n`,
    wrong: `function twoSum(nums, target) {\n  for (let i = 0; i < nums.length; i++)\n    for (let j = i + 1; j < nums.length; j++) if (nums[i] + nums[j] === target && nums[i] > 0) return [i, j];\n  return [0, 1];\n}\n`,
  },
  isBalanced: {
    right: `function isBalanced(s) {\n  const pairs = { ')': '(', ']': '[', '}': '{' };\n  const stack = [];\n  for (const c of s) {\n    if ('([{'.includes(c)) stack.push(c);\n    else if (c in pairs && stack.pop() !== pairs[c]) return false;\n  }\n  return stack.length === 0;\n}\n`,
    wrong: `function isBalanced(s) {\n  let depth = 0;\n  for (const c of s) {\n    if ('([{'.includes(c)) depth++;\n    else if (')]}'.includes(c)) depth--;\n  }\n  return depth === 0;\n}\n`,
  },
  mergeIntervals: {
    right: `function mergeIntervals(intervals) {\n  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);\n  const merged = [];\n  for (const [start, end] of sorted) {\n    const last = merged.at(-1);\n    if (last && start <= last[1]) last[1] = Math.max(last[1], end);\n    else merged.push([start, end]);\n  }\n  return merged;\n}\n`,
    wrong: `function mergeIntervals(intervals) {\n  return [...intervals].sort((a, b) => a[0] - b[0]);\n}\n`,
  },
};
