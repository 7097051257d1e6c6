import { z } from 'zod';

/** `GET /healthz` and `GET /readyz` when all is well (readiness failures are the 503.1 envelope). */
export const ServiceHealth = z.object({ status: z.literal('ok') });
export type ServiceHealth = z.infer<typeof ServiceHealth>;
