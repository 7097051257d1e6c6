import { assayTestConfig, withRenderWorkers } from '../../vitest.shared.js';

export default assayTestConfig(withRenderWorkers);
