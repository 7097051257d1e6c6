import { TimeZoneList, type TimeZone } from '@assay/domain/core';
import { ServiceHealth } from '@assay/domain/schemas';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

/** The `timeZoneId` table of test links (public, no API key). */
export class TimeZones {
  constructor(private readonly transport: Transport) {}

  list(options?: CallOptions): Promise<TimeZone[]> {
    return this.transport.json({ method: 'GET', path: '/v2/timezones', credential: 'none' }, TimeZoneList, options).then((table) => table.timeZones);
  }
}

/** Liveness and readiness (public). A server that is up but not ready throws ServiceUnavailableError (503.1). */
export class Health {
  constructor(private readonly transport: Transport) {}

  live(options?: CallOptions): Promise<ServiceHealth> {
    return this.transport.json({ method: 'GET', path: '/healthz', credential: 'none' }, ServiceHealth, options);
  }

  ready(options?: CallOptions): Promise<ServiceHealth> {
    return this.transport.json({ method: 'GET', path: '/readyz', credential: 'none' }, ServiceHealth, options);
  }
}
