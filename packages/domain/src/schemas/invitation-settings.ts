import { z } from 'zod';

/** An org's invitation settings (Assay extension, decision 815). */
export const InvitationSettings = z
  .object({
    sendEmailByDefault: z.boolean().meta({
      description:
        'Whether a registration (4.7, 4.8) that leaves out sendEmail emails the candidate. False until an admin sets it: an integrator who never does gets the answers of decision 780.',
    }),
  })
  .meta({ id: 'InvitationSettings' });
export type InvitationSettings = z.infer<typeof InvitationSettings>;

export const InvitationSettingsInput = z.strictObject({ sendEmailByDefault: z.boolean() }).meta({ id: 'InvitationSettingsBody' });
export type InvitationSettingsInput = z.infer<typeof InvitationSettingsInput>;
