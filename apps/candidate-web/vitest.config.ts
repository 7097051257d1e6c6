import { assayTestConfig } from '../../vitest.shared.js';

// Pure modules only (answers, failures, the clock): they run in Node, no DOM needed.
export default assayTestConfig();
