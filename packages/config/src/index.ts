export { ConfigError, ConfigSchema, loadConfig } from './config.js';
export type { Config } from './config.js';
export { LanguagesSetting, RateLimitSetting, TrustProxySetting } from './settings.js';
export type { RateLimit } from './settings.js';
export { resolveDatabaseUrl, startDirectory, withAbsolutePaths } from './data-paths.js';
export { Secret } from './secret.js';
export type { ModelConnection } from './model-settings.js';
