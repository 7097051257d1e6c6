// The whole domain, for the imports that name `@assay/domain`. Each line is one subpath of the package
// (`@assay/domain/core`, `/invitations`, …): a consumer that needs one concept imports that subpath; the
// README lists what each holds. The one `export *` file of the workspace (decision 990): each subpath lists its
// names, and listing all of them again here would write the same surface twice (src/named-surfaces.test.ts).
export * from './core.js';
export * from './invitations.js';
export * from './candidate.js';
export * from './report.js';
export * from './schemas.js';
export * from './text.js';
export * from './greenhouse.js';
export * from './bulk.js';
export * from './ai.js';
