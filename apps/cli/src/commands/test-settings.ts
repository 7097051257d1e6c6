import type { TestSettings } from '@assay/domain/invitations';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { fields } from '../format/table.js';
import { applySetting, settingValueText, testSettingKeys } from '../settings/test-setting-keys.js';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

/** Every setting, one line each, under its `--set` key. */
export const testSettingsText = (testId: number, settings: TestSettings): string =>
  `Settings of test ${testId}:\n${fields(testSettingKeys.map((setting) => [setting.key, settingValueText(setting.read(settings))]))}`;

/** The settings with every `key=value` applied in order; the first bad one is a usage error (exit 2) and nothing is sent. */
export const withAssignments = (settings: TestSettings, assignments: readonly string[]): TestSettings =>
  assignments.reduce((current, assignment) => {
    const applied = applySetting(current, assignment);
    if ('error' in applied) throw new UsageError(applied.error);
    return applied.settings;
  }, settings);

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/**
 * `assay tests settings TEST [--set key=value…]` (issue 52, decision 933): reads the settings, and with `--set` writes the
 * whole object back with the changes, as v3's POST takes it.
 */
export const registerTestSettings = (tests: Command, io: CliIo): void => {
  withJson(
    tests
      .command('settings')
      .description('show a test’s settings, or change some with --set key=value (e.g. randomQuestions=true)')
      .argument('<TEST_ID>', 'the test', parseId)
      .option('--set <key=value>', 'change one setting (repeatable); keys as the listing shows them', collect),
  ).action(
    act(io, async (io, options: GlobalOptions & { set?: string[] }, testId: number) => {
      const client = await connect(io, options.profile);
      const current = await client.testSettings.get(testId);
      const settings = options.set === undefined ? current : await client.testSettings.put(testId, withAssignments(current, options.set));
      emit(io, options, settings, () => testSettingsText(testId, settings));
    }),
  );
};
