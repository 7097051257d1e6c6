import { InvitationStatus } from './invitation-status.js';
import { ReportStatus } from './schemas/report.js';

/**
 * The invitation states by name, for the shells that write or query one (the store's SQL, the cli's answers). Each
 * value is read off the zod enum, so renaming a state fails the build here and wherever a name is used; a state
 * added to the enum fails it until it is named (`EveryStatusNamed`).
 */
export const INVITATION_STATUS = {
  pending: InvitationStatus.enum.Pending,
  inProgress: InvitationStatus.enum['In progress'],
  completed: InvitationStatus.enum.Completed,
  reset: InvitationStatus.enum.Reset,
  cancelled: InvitationStatus.enum.Cancelled,
} as const;

/** The report's states by name (spec 3.4's reportStatus), read off its zod enum the same way. */
export const REPORT_STATUS = {
  pending: ReportStatus.enum.Pending,
  inProgress: ReportStatus.enum['In progress'],
  generated: ReportStatus.enum.Generated,
} as const;

/** The states of `Enum` that `names` leaves out: `never` when every one is named. */
type Unnamed<Enum extends string, Names extends Record<string, Enum>> = Exclude<Enum, Names[keyof Names]>;
/** Only `never` fits: a state without a name fails the build here, naming it. */
type NoneLeft<Left extends never> = Left;

export type EveryStatusNamed = NoneLeft<Unnamed<InvitationStatus, typeof INVITATION_STATUS> | Unnamed<ReportStatus, typeof REPORT_STATUS>>;
