import { CreatedShare, ReportShare } from '@assay/domain/report';
import { z } from 'zod';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

const ShareList = z.object({ shares: z.array(ReportShare) });

/**
 * Report shares (issue 61 item 4, Assay extensions): a signed, expiring, revocable link to one report that opens
 * without a key — its page and its PDF. Admin, recruiter and hiring-manager keys (a reviewer key: 403.17).
 */
export class Shares {
  constructor(private readonly transport: Transport) {}

  /**
   * Makes a link for `days` (1–90; 14 when absent; 400.127 otherwise). The `url` is answered only now: the server keeps
   * only a hash of its token. Sent with an Idempotency-Key, so a retry makes one link.
   */
  create(testInvitationId: number, days?: number, options?: CallOptions): Promise<CreatedShare> {
    return this.transport.json(
      {
        method: 'POST',
        path: `/v2/org/testinvitation/${segment(testInvitationId)}/share`,
        body: days === undefined ? {} : { days },
        credential: 'apiKey',
        idempotent: true,
      },
      CreatedShare,
      options,
    );
  }

  /** The org's shares, newest first: status, opens and last opening; never a URL. */
  async list(options?: CallOptions): Promise<ReportShare[]> {
    return (await this.transport.json({ method: 'GET', path: '/v2/org/shares', credential: 'apiKey' }, ShareList, options)).shares;
  }

  /** Revokes a share: its link opens nothing from now on (410.125). Again changes nothing; another org's is 404.125. */
  revoke(shareId: number, options?: CallOptions): Promise<ReportShare> {
    return this.transport.json({ method: 'DELETE', path: `/v2/org/shares/${segment(shareId)}`, credential: 'apiKey' }, ReportShare, options);
  }
}
