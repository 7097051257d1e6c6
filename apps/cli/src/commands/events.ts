import type { ReconciliationEvent } from '@assay/client';
import type { Command } from 'commander';
import { table } from '../format/table.js';
import { parseId, parseInstant } from './arguments.js';
import { abortedOnReaderGone, abortedOnWriteError } from './broken-pipe.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit, emitRecord } from './output.js';

const DAY_MS = 86_400_000;

const eventLine = (event: ReconciliationEvent) =>
  `${event.at}  ${event.type.padEnd(9)}  invitation ${event.testInvitationId}  test ${event.testId}  ${event.emailId}`;

interface EventsOptions extends GlobalOptions {
  from?: string;
  follow?: boolean;
}

/** Until SIGINT or SIGTERM: a follow ends cleanly, exit code 0. */
const untilInterrupted = (): { signal: AbortSignal; dispose(): void } => {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
};

export const registerEvents = (program: Command, io: CliIo): void => {
  withJson(
    program
      .command('events')
      .description('completions and cancellations (reconciliation); --follow prints them as they happen')
      .option('--from <ISO>', 'from this instant (default: the last 24 hours, or now with --follow)', parseInstant)
      .option('--follow', 'keep polling and print each new event (one JSON object a line with --json) until Ctrl+C'),
  ).action(
    act(io, async (io, options: EventsOptions) => {
      const client = await connect(io, options.profile);
      if (options.follow) {
        // Until Ctrl+C, or until the reader of stdout has gone (`assay events --follow | head -1`).
        const interrupt = untilInterrupted();
        const readerGone = abortedOnWriteError(io.stdout);
        // Also when the reader goes while there is nothing to write: the follow ends, its request aborted, exit 0.
        const readerClosed = abortedOnReaderGone(io.stdout);
        try {
          const intervalMs = Number(io.env.ASSAY_FOLLOW_INTERVAL_MS) || undefined;
          const signal = AbortSignal.any([interrupt.signal, readerGone.signal, readerClosed.signal]);
          for await (const event of client.events.follow({ from: options.from, signal, intervalMs })) {
            emitRecord(io, options, event, () => eventLine(event));
          }
        } finally {
          interrupt.dispose();
          readerGone.dispose();
          readerClosed.dispose();
        }
        return;
      }
      const events: ReconciliationEvent[] = [];
      for await (const event of client.events.all({ from: options.from ?? new Date(Date.now() - DAY_MS) })) events.push(event);
      emit(io, options, { events, next: null }, () =>
        events.length === 0 ? 'No completions or cancellations in that window.' : events.map(eventLine).join('\n'),
      );
    }),
  );

  withJson(
    program
      .command('deliveries')
      .description('the callbacks and emails of an invitation, with every attempt')
      .argument('<ID>', 'the testInvitationId', parseId),
  ).action(
    act(io, async (io, options: GlobalOptions, id: number) => {
      const deliveries = await (await connect(io, options.profile)).deliveries.list(id);
      emit(io, options, { deliveries }, () =>
        deliveries.length === 0
          ? 'Nothing delivered for this invitation yet.'
          : table(
              ['JOB', 'KIND', 'STATUS', 'ATTEMPTS', 'TARGET'],
              deliveries.map((delivery) => [String(delivery.jobId), delivery.kind, delivery.status, String(delivery.attempts.length), delivery.target]),
            ),
      );
    }),
  );

  withJson(
    program.command('redeliver').description('send a callback or email again (same webhook-id)').argument('<JOB_ID>', 'from `assay deliveries`', parseId),
  ).action(
    act(io, async (io, options: GlobalOptions, jobId: number) => {
      const queued = await (await connect(io, options.profile)).deliveries.redeliver(jobId);
      emit(io, options, queued, () => `Queued again as job ${queued.jobId} (message ${queued.messageId}).`);
    }),
  );

  withJson(program.command('timezones').description('the timeZoneId table links use')).action(
    act(io, async (io, options: GlobalOptions) => {
      const zones = await (await connect(io, options.profile)).timeZones.list();
      emit(io, options, { timeZones: zones }, () =>
        table(
          ['ID', 'IANA', 'NAME'],
          zones.map((zone) => [String(zone.timeZoneId), zone.iana, zone.name]),
        ),
      );
    }),
  );
};
