import type { z } from 'zod';
import { V3Failure } from '@assay/domain';

/** A v3 route's answers: the bare answer (no envelope) on success, v3's failure body otherwise. */
export const v3Responses = <T extends z.ZodType>(ok: T) => ({ 200: ok, '4xx': V3Failure, '5xx': V3Failure });

export const v3Security = [{ apiKey: [] }];
