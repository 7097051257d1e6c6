import { V3TimeZoneList } from '@assay/domain/schemas';
import type { TimeZone } from '@assay/domain/core';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

/** `GET /v3/timezones`: the ids v3's `TimeZoneId` fields take. */
export const v3TimeZones =
  (transport: Transport) =>
  (options?: CallOptions): Promise<TimeZone[]> =>
    transport.bare({ method: 'GET', path: '/v3/timezones', credential: 'apiKey' }, V3TimeZoneList, options).then((table) => table.timeZones);
