import type { DataNotice } from '@assay/domain/candidate';
import { plural } from '../lib/format.js';

/** "Acme Hiring holds …": who decides what happens to the candidate's data (the org that invited them). */
export const holderWords = (holder: string): string =>
  `${holder} holds what this test records about you and decides what happens to it; Assay runs the test for them.`;

/**
 * How long it is kept: the org's retention in days once it has one (decision 881), else that the holder decides, so
 * the page never promises a period nobody set.
 */
export const retentionWords = (notice: Pick<DataNotice, 'holder' | 'retentionDays'>): string =>
  notice.retentionDays === null
    ? `How long it is kept is up to ${notice.holder}: ask them.`
    : `It is kept for ${plural(notice.retentionDays, 'day')} after your invitation ends (you finish, it expires or it is cancelled), then erased.`;

/** The candidate's rights, before whom to ask (the page adds the contact). */
export const RIGHTS_LEAD = 'To get a copy of it, have it corrected or erased, ';
