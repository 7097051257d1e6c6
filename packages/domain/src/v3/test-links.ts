import { z } from 'zod';
import { match } from 'ts-pattern';
import { Id } from '../ids.js';
import type { AccessTime, TestLink } from '../schemas/test-link.js';
import { V3DateTime, v3DateTimeOf } from './utc-date-time.js';

export const V3ScheduleType = z.enum(['validityindays', 'timebound', 'slotwise']);
export type V3ScheduleType = z.infer<typeof V3ScheduleType>;

/** A test link in iMocha v3's shape (the issue's table row 9), mapped from Assay's link (decision 890). */
export const V3TestLink = z
  .object({
    testLinkId: Id,
    testId: Id,
    testLinkName: z.string(),
    testLink: z.url().meta({ description: 'The public page candidates open to register themselves (`/l/{accessKey}`).' }),
    testLinkStatus: z.enum(['active', 'inactive']),
    invitationType: z.enum(['email', 'open']).meta({ description: '`email`: invited candidates only; `open`: anyone with the link registers.' }),
    isApiLink: z.boolean().meta({ description: 'Always true: every Assay link is made through its API (the v2 API, the TUI, or v3 invites).' }),
    proctoringSettings: z.object({ proctoringMode: z.enum(['disabled', 'image', 'video']) }),
    stakeholderEmails: z.array(z.string()),
    invitationSchedule: z.object({
      scheduleType: V3ScheduleType,
      scheduleDetails: z.object({
        startDateTime: V3DateTime.nullable(),
        endDateTime: V3DateTime.nullable(),
        timeZoneId: z.int(),
        invitationValidityInDays: z
          .int()
          .nullable()
          .meta({ description: 'null: no limit (an anytime link, accessTime 0); the timebound and slotwise kinds are bounded by their dates.' }),
      }),
    }),
  })
  .meta({ id: 'V3TestLink' });
export type V3TestLink = z.infer<typeof V3TestLink>;

export const V3TestLinkList = z.object({ testLinks: z.array(V3TestLink) }).meta({ id: 'V3TestLinkList' });
export type V3TestLinkList = z.infer<typeof V3TestLinkList>;

/** Assay's access-time kinds (packages/domain/src/access-time.ts) in v3's words. */
export const scheduleTypeOf = (accessTime: AccessTime): V3ScheduleType =>
  match(accessTime)
    .with(0, () => 'validityindays' as const)
    .with(1, () => 'timebound' as const)
    .with(2, () => 'slotwise' as const)
    .exhaustive();

/** `linkUrl` is where the link's page is served (the candidate page's `/l/{accessKey}` under the public URL). */
export const toV3TestLink = (link: TestLink, linkUrl: string): V3TestLink => ({
  testLinkId: link.testLinkId,
  testId: link.testId,
  testLinkName: link.testLinkName,
  testLink: linkUrl,
  testLinkStatus: link.testLinkStatus === 1 ? 'active' : 'inactive',
  invitationType: link.inviteCandidateOnly === 1 ? 'email' : 'open',
  isApiLink: true,
  proctoringSettings: { proctoringMode: link.imageProctoring === 1 ? 'image' : 'disabled' },
  stakeholderEmails: link.emailToStakeholder ? [link.emailToStakeholder] : [],
  invitationSchedule: {
    scheduleType: scheduleTypeOf(link.accessTime),
    scheduleDetails: {
      startDateTime: link.startDateTime === null ? null : v3DateTimeOf(link.startDateTime),
      endDateTime: link.endDateTime === null ? null : v3DateTimeOf(link.endDateTime),
      timeZoneId: link.timeZoneId,
      invitationValidityInDays: null,
    },
  },
});
