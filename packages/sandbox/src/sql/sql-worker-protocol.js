// The messages between a SQL engine (main thread) and its worker thread. Types only.

/**
 * One case as the worker runs it: the question's schema, the case's seed, the candidate's single statement.
 * @typedef {{ code: string, schema: string, seed: string, limits: { memoryBytes: number, maxOutputBytes: number } }} SqlCaseJob
 */

/**
 * How the worker saw one case end. `setup`: the question's own schema or seed failed (the author's fault, not the
 * candidate's). `offset`: where in the query the engine pointed (0-based, PostgreSQL only).
 * @typedef {{ kind: 'rows', rows: { columns: string[], rows: unknown[][] } }
 *   | { kind: 'error', message: string, offset?: number }
 *   | { kind: 'setup', part: 'schema' | 'seed', message: string }
 *   | { kind: 'memory' }
 *   | { kind: 'output' }} SqlJobOutcome
 */

/**
 * Worker → engine: `ready` once the database engine is loaded; `query` when a job's setup is done and its query
 * begins; `done` per job (`pristine: false` asks for a replacement worker); `failed` if the engine could not start.
 * @typedef {{ type: 'ready' }
 *   | { type: 'query', id: number }
 *   | { type: 'done', id: number, outcome: SqlJobOutcome, pristine: boolean }
 *   | { type: 'failed', message: string }} SqlWorkerMessage
 */

export {};
