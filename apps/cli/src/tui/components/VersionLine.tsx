import type { TestVersionList } from '@assay/domain/schemas';
import { useState } from 'react';
import { useConnection } from '../shell/client-context.js';
import { useCall } from '../shell/use-call.js';
import { Text } from './Text.js';

const attemptsText = (count: number) => `${count} attempt${count === 1 ? '' : 's'}`;

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

export const VersionLine = ({ testId, width }: { testId: number; width: number }) => {
  const { client } = useConnection();
  const [list, setList] = useState<TestVersionList | undefined>();
  useCall(
    `versions:${testId}`,
    (signal) => client.tests.versions(testId, { signal }),
    setList,
    () => setList(undefined),
  );
  if (!list) return null;
  const text = versionLineText(list);
  return <Text dimColor>{text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text}</Text>;
};
