import type { ReportRenderer } from '@assay/reports/host';
import type { Store } from '@assay/store';
import type { EmailHealth } from '@assay/jobs';
import type { KeyOwnerCache } from './auth/key-owner-cache.js';
import type { Config } from '@assay/config';
import type { LanguageAvailabilities } from '@assay/domain/languages';
import type { ModelAvailability } from '@assay/domain/ai';
import type { CredentialLimits } from './rate-limits/rate-limits.js';
import type { AssistantModel } from './ai/assistant-model.js';

/** What route plugins need from the shell; `now` is the one clock read, passed down to the domain. */
export interface AppContext {
  readonly config: Config;
  readonly store: Store;
  readonly keyCache: KeyOwnerCache;
  readonly now: () => number;
  /** PDF and Excel exports, rendered off the request thread. */
  readonly reports: ReportRenderer;
  /** The limits credential checks apply: failures per address, a verified report link's budget. */
  readonly credentialLimits: CredentialLimits;
  /** Which languages this process's sandbox runs, each with why not and how to enable it (issue 49). */
  readonly languages: LanguageAvailabilities;
  /** Whether a model is configured to offer candidates an assistant (issue 60; docs/ai.md). */
  readonly model: ModelAvailability;
  /** The operator's model itself (client, fair gate, status), when one is configured: /readyz asks whether it answers. */
  readonly assistantModel: AssistantModel | undefined;
  /** How the emails of this process's outbox worker are going; no state without a worker (issue 59 item 9). */
  readonly email: EmailHealth;
}
