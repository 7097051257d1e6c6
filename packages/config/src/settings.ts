import { isIP } from 'node:net';
import { z } from 'zod';
import { LanguageId } from '@assay/domain/languages';

/** At most `max` requests per fixed window of `windowMs`. */
export interface RateLimit {
  readonly max: number;
  readonly windowMs: number;
}

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;
const DAY_MS = 24 * UNIT_MS.h;

/** `MAX/WINDOW` as in `600/1m`, `30/10m` or `5/s`: one variable per limit reads like the limit itself. */
export const RateLimitSetting = z
  .string()
  .regex(/^[0-9]{1,9}\/[0-9]{0,6}[smh]$/, { error: 'must be MAX/WINDOW such as 600/1m, 30/10m or 5/s' })
  .transform((text): RateLimit => {
    const [max, window] = text.split('/') as [string, string];
    const unit = window.slice(-1) as keyof typeof UNIT_MS;
    return { max: Number(max), windowMs: Number(window.slice(0, -1) || '1') * UNIT_MS[unit] };
  })
  .refine((limit) => limit.max >= 1, { error: 'must allow at least 1 request per window' })
  .refine((limit) => limit.windowMs >= 1_000 && limit.windowMs <= DAY_MS, { error: 'window must be between 1s and 24h' });

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrSubnet = (entry: string): boolean => {
  if (PROXY_PRESETS.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * Whose `X-Forwarded-For` to believe. Off by default: the socket address is the client, so the header
 * cannot be forged to dodge a per-address limit. `true` (believe anyone) is refused for the same reason.
 */
export const TrustProxySetting = z
  .string()
  .transform((text) => text.trim())
  .pipe(
    z.union([
      z.enum(['false', '0', 'no', 'off']).transform(() => false as const),
      z
        .string()
        .regex(/^[0-9]{1,2}$/)
        .transform(Number)
        .refine((hops) => hops >= 1, { error: 'hop count must be 1 or more' }),
      z
        .string()
        .transform((list) => list.split(',').map((entry) => entry.trim()))
        .refine((entries) => entries.every(isAddressOrSubnet), {
          error: 'must be false, a hop count, or a comma-separated list of proxy addresses/subnets (or loopback, linklocal, uniquelocal)',
        }),
    ]),
  );
export type TrustProxySetting = z.infer<typeof TrustProxySetting>;

/** `java,cpp,python`: the languages a process offers, from the registry's ids (ASSAY_LANGUAGES; empty entries ignored). */
export const LanguagesSetting = z
  .string()
  .transform((text) => [
    ...new Set(
      text
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== ''),
    ),
  ])
  .pipe(
    z
      .array(z.enum(LanguageId.options, { error: `must be a comma-separated list of ${LanguageId.options.join(', ')}` }))
      .min(1, { error: `must name at least one of ${LanguageId.options.join(', ')}` }),
  );
