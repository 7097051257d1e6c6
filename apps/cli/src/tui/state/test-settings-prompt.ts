import { parseSettingValue, testSettingKeys, type TestSettingKey } from '../../settings/test-setting-keys.js';
import type { SettingReading } from './setting-prompt.js';

/** One setting changed: which, and to what. */
export interface TestSettingChange {
  readonly setting: TestSettingKey;
  readonly value: boolean | number | string | null;
}

/**
 * The test settings screen's prompt (issue 52, decision 933): what `assay tests settings TEST --set` takes, one
 * `key=value` at a time (a name may hold spaces). The ranges are the server's to refuse.
 */
export const readTestSetting = (text: string): SettingReading<TestSettingChange> => {
  const at = text.indexOf('=');
  if (at < 1) return { error: 'type key=value, e.g. showQuestionScore=on' };
  const key = text.slice(0, at).trim();
  const setting = testSettingKeys.find((candidate) => candidate.key === key);
  if (setting === undefined) return { error: `no setting "${key}": use a key shown above` };
  const parsed = parseSettingValue(setting, text.slice(at + 1).trim());
  return 'error' in parsed ? parsed : { value: { setting, value: parsed.value } };
};
