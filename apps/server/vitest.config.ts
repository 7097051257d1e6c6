import { assayTestConfig, combine, withPostgres, withRenderWorkers } from '../../vitest.shared.js';

export default assayTestConfig(combine(withPostgres, withRenderWorkers));
