import { V3BusinessUnitList, V3User, type V3UserStatus } from '@assay/domain/schemas';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

/** What `createUser` sends: v3's create body in its camelCase spelling. */
export interface V3CreateUserBody {
  readonly email: string;
  readonly fullName: string;
  readonly businessunitId?: number;
}

/**
 * iMocha v3's users and business units (`/v3/accounts/…`, decisions 981–984): the organization is its one business
 * unit, a user is one of its people. An admin key's only.
 */
export class V3Accounts {
  constructor(private readonly transport: Transport) {}

  /** `GET /v3/accounts/business-units`: one unit, the key's organization. */
  businessUnits(options?: CallOptions): Promise<V3BusinessUnitList> {
    return this.transport.bare({ method: 'GET', path: '/v3/accounts/business-units', credential: 'apiKey' }, V3BusinessUnitList, options);
  }

  /** `POST /v3/accounts/user/create`: a person with the reviewer role; no key is issued (issue one through `client.people`). */
  createUser(body: V3CreateUserBody, options?: CallOptions): Promise<V3User> {
    return this.post('/v3/accounts/user/create', body, options);
  }

  /** `POST /v3/accounts/user/update`: checks the user and the (one) business unit. */
  updateUser(email: string, businessUnitId: number, options?: CallOptions): Promise<V3User> {
    return this.post('/v3/accounts/user/update', { Email: email, BusinessunitId: businessUnitId }, options);
  }

  /** `POST /v3/accounts/user/status`: `Inactive` revokes the person's keys; `Active` ends the deactivation. */
  setUserStatus(email: string, status: V3UserStatus, options?: CallOptions): Promise<V3User> {
    return this.post('/v3/accounts/user/status', { email, status }, options);
  }

  private post(path: string, body: object, options?: CallOptions): Promise<V3User> {
    return this.transport.bare({ method: 'POST', path, body, credential: 'apiKey', idempotent: true }, V3User, options);
  }
}
