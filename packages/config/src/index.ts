export * from './config.js';
export * from './settings.js';
export * from './data-paths.js';
