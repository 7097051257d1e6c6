export { FairGate, GateClosed } from './fair-gate.js';
export { ModelClient } from './model-client.js';
export type { ChatAnswer, ChatMessage, ChatOptions, ChatUsage, ModelClientOptions, ModelProbe } from './model-client.js';
export { ModelFailure } from './model-failure.js';
export type { ModelFailureKind } from './model-failure.js';
