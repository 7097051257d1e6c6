import type { TestVersionList } from '@assay/domain/schemas';
import { useState } from 'react';
import { poolExposureLines } from '../../format/pool-exposure-lines.js';
import { useConnection } from '../shell/client-context.js';
import { useCall } from '../shell/use-call.js';
import { Text } from './Text.js';

const attemptsText = (count: number) => `${count} attempt${count === 1 ? '' : 's'}`;

/** At most this many lines of capped pools on the test screen; the rest is in the item analysis (`s`). */
const MOST_POOL_LINES = 6;

/**
 * "Version 2 · version 1: 3 attempts, version 2: 1 attempt" (issue 62 item 4): which version candidates starting now
 * take, and how many attempts each version has (each keeps its own to its report). A test never changed says
 * "Version 1". Nothing is shown until the list arrives, nor when it cannot be read: the details above stand alone.
 */
export const versionLineText = (list: TestVersionList): string => {
  const head = `Version ${list.currentVersion}`;
  if (list.versions.length <= 1) return head;
  return `${head} · ${list.versions.map((entry) => `version ${entry.version}: ${attemptsText(entry.attempts)}`).join(', ')}`;
};

/** The capped pools of the current version (issue 62 item 5), cut to what the screen gives them. */
export const poolLinesOf = (list: TestVersionList | undefined): string[] => {
  const lines = poolExposureLines(list?.pools ?? []);
  if (lines.length <= MOST_POOL_LINES) return lines;
  return [...lines.slice(0, MOST_POOL_LINES - 1), `  … ${lines.length - MOST_POOL_LINES + 1} more lines: s for the item analysis`];
};

/** The test's versions, read once per screen; undefined until they arrive or when they cannot be read. */
export const useVersionList = (testId: number): TestVersionList | undefined => {
  const { client } = useConnection();
  const [list, setList] = useState<TestVersionList | undefined>();
  useCall(
    `versions:${testId}`,
    (signal) => client.tests.versions(testId, { signal }),
    setList,
    () => setList(undefined),
  );
  return list;
};

const fitted = (text: string, width: number): string => (text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text);

export const VersionLine = ({ list, width }: { list: TestVersionList | undefined; width: number }) => {
  if (!list) return null;
  return (
    <>
      <Text dimColor>{fitted(versionLineText(list), width)}</Text>
      {poolLinesOf(list).map((line, index) => (
        <Text key={`pool-${index}`} dimColor={!line.includes('retired') && !line.includes('cap reached')}>
          {fitted(line, width)}
        </Text>
      ))}
    </>
  );
};
