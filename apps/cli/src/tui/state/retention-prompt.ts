import type { RetentionSettingsInput } from '@assay/domain/invitations';
import type { SettingReading } from './setting-prompt.js';

const PERIOD = /^([0-9]{1,5}|keep)?$/u;
const ORDER = ['endedDays', 'mediaDays', 'unstartedDays'] as const;

/**
 * The retention screen's prompt (issue 51 item 2): what `assay retention set` takes, typed as three periods in order
 * (ended, media, unstarted), each whole days or `keep`, an empty place leaving that period as it is: `730,,keep`.
 * The server checks the bounds and the order (400.56).
 */
export const readRetention = (text: string): SettingReading<RetentionSettingsInput> => {
  const places = text.replace(/\s+/gu, '').split(',');
  if (places.length > 3 || places.some((place) => !PERIOD.test(place))) {
    return { error: 'type ended, media and unstarted days separated by commas (365,60,180); keep for none, empty to leave one' };
  }
  const change: RetentionSettingsInput = {};
  places.forEach((place, index) => {
    if (place !== '') change[ORDER[index]!] = place === 'keep' ? null : Number(place);
  });
  return Object.keys(change).length === 0 ? { error: 'type at least one period' } : { value: change };
};
