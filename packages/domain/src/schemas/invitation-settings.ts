import { z } from 'zod';

/** At most a year: a longer deadline or wait is a typo more often than a plan. */
export const INVITATION_DAYS_MAX = 365;

const days = (name: string) =>
  z
    .int({ error: `${name} must be a whole number of days from 1 to ${INVITATION_DAYS_MAX}, or null for none` })
    .min(1, { error: `${name} must be at least 1 day, or null for none` })
    .max(INVITATION_DAYS_MAX, { error: `${name} must be at most ${INVITATION_DAYS_MAX} days, or null for none` });

const DEFAULT_DEADLINE =
  'Days a single invitation made without a deadline of its own (4.7, 4.8, the TUI’s invite form) is given as its expiry; null: none (decision 1394).';
const REMIND_AFTER =
  'Days after the invitation when a candidate invited without any deadline (no expiry, no time-bound link) who has not started is to be reminded, once; null: never (decision 1395). Stored and answered; the reminder itself is not sent yet (docs/reminders.md).';

/** An org's invitation settings (Assay extension, decisions 815, 1394 and 1395). */
export const InvitationSettings = z
  .object({
    sendEmailByDefault: z.boolean().meta({
      description:
        'Whether a registration (4.7, 4.8) that leaves out sendEmail emails the candidate. False until an admin sets it: an integrator who never does gets the answers of decision 780.',
    }),
    defaultDeadlineDays: z.int().nullable().meta({ description: DEFAULT_DEADLINE }),
    remindAfterDays: z.int().nullable().meta({ description: REMIND_AFTER }),
  })
  .meta({ id: 'InvitationSettings' });
export type InvitationSettings = z.infer<typeof InvitationSettings>;

/** A partial PUT: what is left out stays as it is. */
export const InvitationSettingsInput = z
  .strictObject({
    sendEmailByDefault: z.boolean({ error: 'sendEmailByDefault must be true or false' }).optional(),
    defaultDeadlineDays: days('defaultDeadlineDays').nullable().optional().meta({ description: DEFAULT_DEADLINE }),
    remindAfterDays: days('remindAfterDays').nullable().optional().meta({ description: REMIND_AFTER }),
  })
  .meta({ id: 'InvitationSettingsBody' });
export type InvitationSettingsInput = z.infer<typeof InvitationSettingsInput>;
