import { z } from 'zod';
import { describeStatus, statusCodes, type FailureCode } from './status-codes.js';

const failureCodes = statusCodes.filter((code): code is FailureCode => code !== '200.1') as [FailureCode, ...FailureCode[]];

/** Every JSON response: `statuscode`, `description`, `result`. On failure `result` is a plain string. */
export const successEnvelope = <T extends z.ZodType>(result: T) =>
  z.object({
    statuscode: z.literal('200.1'),
    description: z.string(),
    result,
  });

export const FailureEnvelope = z
  .object({
    statuscode: z.enum(failureCodes),
    description: z.string(),
    result: z.string(),
  })
  .meta({ id: 'FailureEnvelope', description: 'Every failure: a specific statuscode and a human message in result.' });
export type FailureEnvelope = z.infer<typeof FailureEnvelope>;

export interface SuccessEnvelope<T> {
  statuscode: '200.1';
  description: string;
  result: T;
}

export const succeed = <T>(result: T): SuccessEnvelope<T> => ({
  statuscode: '200.1',
  description: describeStatus('200.1'),
  result,
});

export const fail = (code: FailureCode, message: string): FailureEnvelope => ({
  statuscode: code,
  description: describeStatus(code),
  result: message,
});

/** Reads any envelope a v2 service sends, success or failure, without trusting its shape. */
export const AnyEnvelope = z.object({
  statuscode: z.string().regex(/^\d{3}\.\d+$/),
  description: z.string(),
  result: z.unknown(),
});
export type AnyEnvelope = z.infer<typeof AnyEnvelope>;
