import { z } from 'zod';
import { plainText } from '../schemas/text-fields.js';

/**
 * The credentials Greenhouse issued to the org for the PATCH "test completed" (`PUT /v2/org/integrations/greenhouse`).
 * HTTP Basic: a user name cannot hold a colon (it ends the user name), and neither may hold a control character.
 */
export const GreenhouseIntegrationInput = z
  .object({
    callbackUsername: z
      .string({ error: 'callbackUsername is required and must be a string' })
      .min(1, { error: 'callbackUsername must not be empty' })
      .max(500, { error: 'callbackUsername must be at most 500 characters' })
      .refine((value) => !value.includes(':'), { error: 'callbackUsername must not contain ":" (HTTP Basic ends the user name there)' })
      .check(plainText('callbackUsername')),
    callbackPassword: z
      .string({ error: 'callbackPassword must be a string' })
      .max(500, { error: 'callbackPassword must be at most 500 characters' })
      .check(plainText('callbackPassword'))
      .meta({ description: 'Write-only: never answered back. May be empty (Greenhouse issues API keys used as the user name alone).' }),
  })
  .meta({ id: 'GreenhouseIntegrationBody' });
export type GreenhouseIntegrationInput = z.infer<typeof GreenhouseIntegrationInput>;

/** The org's Greenhouse connection as answered: whether it can be called back, never the password. */
export const GreenhouseIntegration = z
  .object({
    configured: z.boolean().meta({ description: 'true once callback credentials are stored: completed tests are announced by PATCH.' }),
    callbackUsername: z.string().nullable(),
    updatedAt: z.string().nullable().meta({ description: 'ISO 8601, UTC: when the credentials were last set.' }),
    endpoints: z
      .object({ listTests: z.string(), sendTest: z.string(), testStatus: z.string(), responseError: z.string() })
      .meta({ description: 'The four URLs to give Greenhouse, with an API key of the org as the user name (empty password).' }),
  })
  .meta({ id: 'GreenhouseIntegration' });
export type GreenhouseIntegration = z.infer<typeof GreenhouseIntegration>;

/** Where the partner API of `publicUrl` answers: what the operator sends to Greenhouse (partners@greenhouse.io). */
export const greenhouseEndpoints = (publicUrl: string): GreenhouseIntegration['endpoints'] => {
  const base = `${publicUrl}/partners/greenhouse`;
  return { listTests: `${base}/list_tests`, sendTest: `${base}/send_test`, testStatus: `${base}/test_status`, responseError: `${base}/response_error` };
};
