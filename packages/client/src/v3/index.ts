import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';
import type { TimeZone } from '@assay/domain/core';
import { V3Accounts } from './accounts.js';
import { V3Callbacks } from './callbacks.js';
import { V3Invitations } from './invitations.js';
import { V3Candidates, V3Reports } from './reports.js';
import { V3TestSettings } from './settings.js';
import { V3TestLinks } from './test-links.js';
import { V3Tests } from './tests.js';
import { v3TimeZones } from './time-zones.js';

/**
 * iMocha v3's paths on the same server (`client.v3`): bare answers, failures thrown as the same AssayApiError classes
 * (the statuscode read from v3's body). One file per area; a new area is one property here.
 */
export interface AssayV3 {
  readonly tests: V3Tests;
  readonly links: V3TestLinks;
  readonly invitations: V3Invitations;
  readonly testSettings: V3TestSettings;
  readonly callbacks: V3Callbacks;
  readonly reports: V3Reports;
  readonly candidates: V3Candidates;
  readonly accounts: V3Accounts;
  timeZones(options?: CallOptions): Promise<TimeZone[]>;
}

export const createV3 = (transport: Transport): AssayV3 => ({
  tests: new V3Tests(transport),
  links: new V3TestLinks(transport),
  invitations: new V3Invitations(transport),
  testSettings: new V3TestSettings(transport),
  callbacks: new V3Callbacks(transport),
  reports: new V3Reports(transport),
  candidates: new V3Candidates(transport),
  accounts: new V3Accounts(transport),
  timeZones: v3TimeZones(transport),
});
