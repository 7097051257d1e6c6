import { assayTestConfig } from '../../vitest.shared.js';

export default assayTestConfig();
