import { assayTestConfig, withPostgres } from '../../vitest.shared.js';

// The worker's only suites are system suites: the fast loop has nothing to run on PostgreSQL, so it starts none.
export default assayTestConfig(process.env.ASSAY_TEST_SUITE === 'system' ? withPostgres : {});
