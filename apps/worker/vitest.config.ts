import { assayTestConfig, withPostgres } from '../../vitest.shared.js';

export default assayTestConfig(withPostgres);
