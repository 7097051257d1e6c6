import { assayTestConfig, combine, withPostgres, withRenderWorkers } from '../../vitest.shared.js';

// Most of the server's tests wait on databases, sockets and worker threads, not the CPU: more files at
// once than cores keeps the fast loop fast.
export default assayTestConfig({ ...combine(withPostgres, withRenderWorkers), maxWorkers: 4 });
