import { findTimeZone, UTC_TIME_ZONE_ID } from '@assay/domain/core';
import { describeAccessWindow, resolveAccessWindow, testLinkStateOf, type TestLinkState } from '@assay/domain/invitations';
import type { TestLink } from '@assay/domain/schemas';

/** The validity in words in the link's own time zone, as candidates are told (4.8's testAccessTime). */
export const accessText = (link: Pick<TestLink, 'accessTime' | 'startDateTime' | 'endDateTime' | 'timeZoneId'>): string => {
  const window = resolveAccessWindow(link);
  const zone = findTimeZone(link.timeZoneId) ?? findTimeZone(UTC_TIME_ZONE_ID)!;
  return window.err ? `${link.startDateTime ?? '?'} to ${link.endDateTime ?? '?'} (UTC)` : describeAccessWindow(window.val, zone);
};

export const accessModeName = (accessTime: 0 | 1 | 2): string => ['Anytime', 'Time bound', 'Slot wise'][accessTime]!;

export const linkStateText = (link: Pick<TestLink, 'testLinkStatus'>): TestLinkState => testLinkStateOf(link.testLinkStatus);

/** The public registration page of a link on the server we talk to. */
export const publicLinkUrl = (baseUrl: string, link: Pick<TestLink, 'testLinkAccessKey'>): string =>
  `${baseUrl.replace(/\/+$/, '')}/l/${encodeURIComponent(link.testLinkAccessKey)}`;

export const yesNo = (flag: number): string => (flag ? 'yes' : 'no');
