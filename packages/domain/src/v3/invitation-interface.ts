import { z } from 'zod';

/**
 * Which front made an invitation (migration 044): v3 invitations get v3's two callbacks ("In Progress", then the end)
 * and v3's payload; every other way in (v2, the TUI, bulk, Greenhouse) is `v2` and keeps v2's one callback.
 */
export const InvitationInterface = z.enum(['v2', 'v3']);
export type InvitationInterface = z.infer<typeof InvitationInterface>;
