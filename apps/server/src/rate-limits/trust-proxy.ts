import type { TrustProxySetting } from '@assay/config';

/** The setting as fastify's `trustProxy` option (whose types lack the hop count it supports). */
export const trustProxyOption = (setting: TrustProxySetting): boolean | string[] | ((address: string, hop: number) => boolean) =>
  typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
